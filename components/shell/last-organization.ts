/** The cookie naming the organization last opened in this browser (set by the organization shell). */
export const LAST_ORGANIZATION_COOKIE = "quire-organization";
