// The inbox is the user's own, as their settings are: the same frame (the last organization's sidebar).
export { default } from "../settings/layout";
