import type { SpaceTemplateDefinition } from "./template-types";

/** A help center: how-to guides, troubleshooting and how to reach support. */
export const knowledgeBaseTemplate: SpaceTemplateDefinition = {
  id: "knowledge-base",
  title: "Knowledge base",
  subtitle: "How-to guides, troubleshooting and a way to reach support.",
  pages: [
    {
      key: "welcome",
      title: "Welcome",
      slug: "welcome",
      emoji: "1f44b",
      description: "How this knowledge base is organized.",
      markdown: `{% hint style="info" %}
This space was created from the **Knowledge base** template. Each page shows a pattern that works well for help articles: one question per article, steps in numbered lists, and the expected result at the end.
{% endhint %}

Find answers to common questions about your account, your team and your subscription.

## Popular articles

- [Set up your account](page:setup)
- [Invite your team](page:invite)
- [Troubleshooting](page:troubleshooting)

## Can't find an answer?

[Contact support](page:support): we answer within one business day.

## Writing a good article

1. **One question per article.** Title it the way a reader would ask it: "Invite your team", not "Team management".
2. **Steps, not prose.** Number the steps and start each with a verb.
3. **Say what success looks like.** End with what the reader should see when it worked.
4. **Keep it current.** Review articles when the product changes; outdated screenshots cost more trust than no screenshot.
`,
    },
    {
      key: "how-to",
      title: "How-to guides",
      slug: "how-to-guides",
      emoji: "1f4da",
      description: "Step-by-step instructions for common tasks.",
      markdown: `Short, task-focused guides. Each one takes less than five minutes.

- [Set up your account](page:setup)
- [Invite your team](page:invite)
`,
      pages: [
        {
          key: "setup",
          title: "Set up your account",
          slug: "set-up-your-account",
          emoji: "1f464",
          description: "Profile, password and two-factor authentication.",
          markdown: `## Complete your profile

1. Click your avatar in the top-right corner, then **Settings**.
2. Add your name and a photo so that teammates recognize you.
3. Choose your language and time zone: dates and notifications use them.

## Turn on two-factor authentication

1. In **Settings > Security**, click **Enable two-factor authentication**.
2. Scan the QR code with an authenticator app.
3. Enter the six-digit code the app shows, then click **Confirm**.
4. Download your recovery codes and keep them somewhere safe.

{% hint style="warning" %}
Recovery codes are the only way back into your account if you lose your phone. Each code works once.
{% endhint %}

**Result:** the next time you sign in, you are asked for a code from your authenticator app.
`,
        },
        {
          key: "invite",
          title: "Invite your team",
          slug: "invite-your-team",
          emoji: "1f465",
          description: "Add teammates and choose what they can do.",
          markdown: `You need the **Admin** role to invite people.

1. Open **Settings > Members** and click **Invite**.
2. Enter one or more email addresses, separated by commas.
3. Choose a role for them (see the table below) and click **Send invitations**.

| Role | Can |
| --- | --- |
| Admin | Manage members, billing and every setting. |
| Editor | Create and edit content. |
| Viewer | Read content and leave comments. |

**Result:** each person receives an email with a link that is valid for seven days. Pending invitations are listed under **Settings > Members > Invitations**, where you can resend or revoke them.

{% hint style="info" %}
Everyone with an email address at your company's domain can join without an invitation once an admin turns on **Settings > Members > Allow sign-up by domain**.
{% endhint %}
`,
        },
      ],
    },
    {
      key: "troubleshooting",
      title: "Troubleshooting",
      slug: "troubleshooting",
      emoji: "1f527",
      description: "Fixes for the most common problems.",
      markdown: `| Problem | Likely cause | Fix |
| --- | --- | --- |
| I can't sign in | Wrong password or expired session | Use **Forgot password** on the sign-in page. |
| I don't receive emails | Messages filtered as spam | Add *no-reply@example.com* to your contacts. |
| An invitation link doesn't work | The link expired after seven days | Ask an admin to resend the invitation. |
| A page loads slowly | Browser extensions or an old browser | Try a private window, then update your browser. |

## I lost my two-factor device

Sign in with one of your recovery codes, then set up two-factor authentication again on your new device (see [Set up your account](page:setup)). Without recovery codes, an admin of your organization can reset two-factor authentication for you.

## Still stuck?

[Contact support](page:support) with the steps you took and what you saw.
`,
    },
    {
      key: "support",
      title: "Contact support",
      slug: "contact-support",
      emoji: "1f4ac",
      description: "How to reach us, and what to include.",
      markdown: `## Channels

| Channel | Best for | Response time |
| --- | --- | --- |
| Email: *support@example.com* | Anything | One business day |
| Chat, from the help menu | Quick questions | A few minutes, during business hours |
| Phone (Enterprise plans) | Urgent outages | One hour, around the clock |

## What to include

- What you were trying to do, and the steps you took.
- What you expected to happen, and what happened instead.
- The exact text of any error message, and a screenshot if you can.
- The time it happened, with your time zone.

{% hint style="success" %}
Tickets that include these details are usually solved in a single reply.
{% endhint %}
`,
    },
  ],
};
