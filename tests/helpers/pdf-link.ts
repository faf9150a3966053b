import { GET as servePdfLink } from "../../app/pdf/[token]/route";

/** Opens a PDF link the way Next.js would: the route handler, with the token from the URL's path. */
export async function openPdfLink(url: string): Promise<Response> {
  const { pathname } = new URL(url);
  const token = decodeURIComponent(pathname.replace(/^\/pdf\//, ""));
  return servePdfLink(new Request(url), { params: Promise.resolve({ token }) });
}
