/** Files above this size are refused before reading them (the server's bound on base64 uploads). */
export const MAX_UPLOAD_BYTES = 1024 * 1024;
