/** The cookie remembering that the organization sidebar is folded in this browser ("1"); read by the layouts, so the first paint is right. */
export const SIDEBAR_FOLDED_COOKIE = "quire-sidebar-folded";
