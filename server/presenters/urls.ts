/** For code not yet taking the request's `Urls` (server/http/urls.ts), which defines these. */
export { apiUrl, appUrl } from "../http/urls";
