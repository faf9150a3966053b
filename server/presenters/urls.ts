/** Absolute URLs of resources, in the API (`location`) and in the app (`app`). */
export const apiUrl = (baseUrl: string, path: string) => `${baseUrl}/v1${path}`;
export const appUrl = (baseUrl: string, path: string) => `${baseUrl}${path}`;
