import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { errorMessage, fieldErrors, fieldFailure, RouteRefusal } from "@/components/ui/trpc-error";

// A tRPC error as the server answers it: its shape carries `data`, with the AppError's `details`.
const answered = (message: string, details?: unknown) =>
  new TRPCClientError(message, { result: { error: { message, code: -32600, data: { code: "BAD_REQUEST", httpStatus: 400, details } } } });

describe("messages for people", () => {
  it("shows the server's message as it is", () => {
    expect(errorMessage(answered("The space is locked."))).toBe("The space is locked.");
    expect(errorMessage(answered("Must not be empty", { fields: { title: "Must not be empty" } }))).toBe("Must not be empty");
  });

  it("says the server could not be reached instead of the browser's or tRPC's words", () => {
    expect(errorMessage(TRPCClientError.from(new TypeError("Failed to fetch")))).toBe("Quire could not be reached. Check your connection, then try again.");
    expect(errorMessage(new TypeError("NetworkError when attempting to fetch resource."))).toBe("Quire could not be reached. Check your connection, then try again.");
    expect(errorMessage(TRPCClientError.from(new Error("Missing result")))).toBe("Quire did not answer as expected. Please try again.");
    expect(errorMessage(undefined)).toBe("Something went wrong. Please try again.");
  });

  it("places a message beside the field the answer's details name, when the form has that field", () => {
    const tooBig = answered("Too big", { fields: { title: "Too big" } });
    expect(fieldFailure(tooBig, ["title", "emoji"])).toEqual({ field: "title", text: "Too big" });
    expect(fieldFailure(tooBig, ["emoji"])).toEqual({ field: null, text: "Too big" });
    // A message that looks as if it named a field is only a message.
    expect(fieldFailure(answered("title: Too big"), ["title"])).toEqual({ field: null, text: "title: Too big" });
    expect(fieldFailure(TRPCClientError.from(new TypeError("Failed to fetch")), ["title"]).field).toBeNull();
  });

  it("reads the fields of a refusal from Quire's own JSON routes like a tRPC error's", () => {
    const refusal = new RouteRefusal({ message: "Must be at least 8 characters", details: { fields: { password: "Must be at least 8 characters", odd: 3 } } });
    expect(fieldErrors(refusal)).toEqual({ password: "Must be at least 8 characters" });
    expect(errorMessage(refusal)).toBe("Must be at least 8 characters");
    expect(fieldErrors(new RouteRefusal({ message: "Joining failed. Try again." }))).toEqual({});
  });
});
