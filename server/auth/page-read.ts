import { notFound } from "next/navigation";
import { pageContext, type ServiceContext } from "../context";
import { AppError } from "../errors";

/**
 * A read for a server-rendered page, as its signed-in caller. What does not exist for them (missing,
 * or out of their reach) renders the not-found page with HTTP 404; other refusals give null, for the
 * page's client part to explain as it does for any failed load.
 */
export async function pageRead<T>(read: (ctx: ServiceContext) => Promise<T>): Promise<T | null> {
  const ctx = await pageContext();
  if (!ctx) return null;
  try {
    return await read(ctx);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    if (error instanceof AppError) return null;
    throw error;
  }
}
