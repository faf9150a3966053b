import type { Metadata } from "next";
import { NotificationSettings } from "@/components/notifications/notification-settings";
import { PasswordSettings } from "@/components/profile/password-settings";
import { ProfileSettings } from "@/components/profile/profile-settings";

export const metadata: Metadata = { title: "Profile" };

export default function ProfilePage() {
  return (
    <div className="space-y-10">
      <ProfileSettings />
      <NotificationSettings />
      <PasswordSettings />
    </div>
  );
}
