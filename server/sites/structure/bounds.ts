/**
 * Bounds of the structure's fields (the reference's SiteSectionTitle, SiteSectionPath, …) in a module
 * without server imports, so that the services' schemas and the structure editor's checks read the
 * same numbers and the same path rule.
 */

export const TITLE_MIN = 2;
export const TITLE_MAX = 128;
export const GROUP_TITLE_MAX = 100;
export const DESCRIPTION_MAX = 256;
export const ICON_MAX = 50;
export const PATH_MAX = 100;
/** A path is one URL segment: lowercase letters, digits and `-`. */
export const PATH_PATTERN = /^[a-z0-9-]+$/;
