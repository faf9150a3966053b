import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { errorMessage, fieldFailure, readableMessage } from "@/components/ui/trpc-error";

// A tRPC error as the server answers it: its shape carries `data`.
const answered = (message: string) => new TRPCClientError(message, { result: { error: { message, code: -32600, data: { code: "BAD_REQUEST", httpStatus: 400 } } } });

describe("messages for people", () => {
  it("drops the field a server message names first", () => {
    expect(readableMessage("url: 127.0.0.1 is a private or reserved address")).toBe("127.0.0.1 is a private or reserved address");
    expect(errorMessage(answered("title: must not be empty"))).toBe("Must not be empty");
    expect(errorMessage(answered("The space is locked."))).toBe("The space is locked.");
  });

  it("says the server could not be reached instead of the browser's or tRPC's words", () => {
    expect(errorMessage(TRPCClientError.from(new TypeError("Failed to fetch")))).toBe("Quire could not be reached. Check your connection, then try again.");
    expect(errorMessage(new TypeError("NetworkError when attempting to fetch resource."))).toBe("Quire could not be reached. Check your connection, then try again.");
    expect(errorMessage(TRPCClientError.from(new Error("Missing result")))).toBe("Quire did not answer as expected. Please try again.");
    expect(errorMessage(undefined)).toBe("Something went wrong. Please try again.");
  });

  it("places a message beside the field it names, when the form has that field", () => {
    expect(fieldFailure(answered("title: Too big"), ["title", "emoji"])).toEqual({ field: "title", text: "Too big" });
    expect(fieldFailure(answered("url: bad host"), ["title"])).toEqual({ field: null, text: "Bad host" });
    expect(fieldFailure(TRPCClientError.from(new TypeError("Failed to fetch")), ["title"]).field).toBeNull();
  });
});
