import type { Prisma } from "../../db/generated/client";

/**
 * The integrations every Quire instance ships (issue 24): useful on a self-hosted instance and
 * needing no outside service. They are ordinary integrations — listed in the catalog, installed,
 * configured and delivered to like any other — owned by the instance's system organization
 * (register.ts), which has no members: nobody holds their tokens or publishes over them.
 */

/**
 * The organization owning the built-in integrations: no member, so it is listed to nobody and nobody
 * publishes under it. What makes an integration built in is its name AND this owner: a same-named
 * integration an organization published before Quire shipped these stays an ordinary one.
 */
export const SYSTEM_ORGANIZATION_ID = "quire-system";

/** The Webhook integration: an installation's events go to the URL of its configuration, signed with its secret. */
export const WEBHOOK_INTEGRATION = "quire-webhook";
/** The Custom script integration: a site installation's snippet is rendered into the site's pages. */
export const CUSTOM_SCRIPT_INTEGRATION = "quire-custom-script";

export type BuiltinIntegration = {
  name: string;
  /** Bumped when the definition changes, so that registering at start replaces an older stored one. */
  version: number;
  title: string;
  description: string;
  summary: string;
  target: string;
  scopes: string[];
  categories: string[];
  configurations: Prisma.InputJsonObject;
  /** PNG, base64 (served like any integration's icon). */
  icon: string;
};

export const BUILTIN_INTEGRATIONS: BuiltinIntegration[] = [
  {
    name: WEBHOOK_INTEGRATION,
    version: 2,
    title: "Webhook",
    description: "Send this organization's events to a URL of yours, signed.",
    summary:
      "Every event of the spaces and sites the installation reaches is POSTed as JSON to the URL you set, signed with your secret in x-quire-signature (docs/events.md gives the receiver's recipe), in order, retried for a day.",
    target: "all",
    scopes: ["space:content:read", "site:metadata:read"],
    categories: ["other"],
    configurations: {
      account: {
        properties: {
          url: { type: "string", title: "Receiver URL", description: "The http(s) address that receives the events: a public one, unless QUIRE_FETCH_ALLOWLIST names it" },
          secret: { type: "string", title: "Signing secret", description: "Checks x-quire-signature; 16+ characters. Never shown again: leave empty to keep the current one" },
        },
        required: ["url", "secret"],
      },
    },
    icon: "iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAA20lEQVR4nO3ZwQ2EMAxE0VTHlf4LoA6oACnxjDVxPMhn85/2wAbGfT2lZ8gLDFAXGKAuMEBdYIC6wAB1wY6A9+faGvAXnY0hAFbTuQwUgNRTDHEAnk5hBAHcesQQAYRTMgzLALyAa6ABVHvWAMSfnrVtAcCtZ+1EAUg9Ze0sIKkeX94YwKoH9/cAZNcjdzHAAAMMMCAfUP5Bdiag/J+5YoDyB5oTjpTlD/VcA2tPvxdb5V8tTqYErlhJ19frRAYY0P4TU5jBuq8/s6rHAPUYoB4D1GOAegxQT3nAB869dS7BcDfrAAAAAElFTkSuQmCC",
  },
  {
    name: CUSTOM_SCRIPT_INTEGRATION,
    version: 1,
    title: "Custom script",
    description: "Add an analytics or other script snippet to the published pages of a site.",
    summary:
      "Install it on a site and paste a snippet: <script> elements, inline or with an https src, at most 10,000 characters. The site's pages render it and their Content-Security-Policy allows exactly it; other sites are unaffected.",
    target: "site",
    scopes: ["site:script:inject"],
    categories: ["analytics"],
    configurations: {
      site: {
        properties: {
          snippet: { type: "string", title: "Snippet", description: "<script> elements: inline code, or an https src" },
          placement: { type: "string", title: "Placement", description: "Where in the page the snippet goes", enum: ["head", "body"], default: "head" },
        },
        required: ["snippet"],
      },
    },
    icon: "iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAAyklEQVR4nO3YUQ6DIBREUTfQfXcB3W+7AZWoDy5Dr5kvgskciFHZXp93dDa8gQC6gQC6gQC6gQC6gQC6gQC6gQC6gQC6wYyA7/EVADhp38MgoNX+aDAD0ByfC3Cy0v02oQzQrNjJIOBKuR6GLoCSmeMAl9a1fBOeAm4UqjX8N+B2lUJDJWDYve7AsyoTPQMrAOLfA7u1SmaSgLxvofiv0RUA8X9ku0Wb47MD8k4l4s+FVgDEn40OjgA6AugIoCOAjgA6AugIoCOAzg8HY+jNlLAJNgAAAABJRU5ErkJggg==",
  },
];
