import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** Imports a layer may not make: pages and components never reach the database; services never reach the UI or the adapters above them. */
const components = { regex: "^@/components/|(^|/)components/", message: "server/ never imports components/: shared rendering lives in server/content/render/." };
const adapters = { regex: "^@/server/(api|trpc)(/|$)|^\\.\\./(\\.\\./)*(api|trpc)(/|$)", message: "Services never import their adapters (server/api, server/trpc)." };
const subscribers = {
  regex: "^@/server/(integrations|live|notifications|deliveries|webhooks|jobs)(/|$)|^\\.\\./(\\.\\./)*(integrations|live|notifications|deliveries|webhooks|jobs)(/|$)|^\\./(subscribers|dispatch)$|(^|/)events/(subscribers|dispatch)$",
  message: "The events recorder records, and only that: what follows from an event is a subscriber's, registered in server/events/subscribers.ts and run after the commit.",
};
/** The recorder and what it is made of (the catalog, the channel, edit-session folding). */
const recorder = ["server/events/record-event.ts", "server/events/catalog.ts", "server/events/channel.ts", "server/audit/edit-sessions.ts"];
const presenters = { regex: "(^|/)presenters/|^@/server/presenters(/|$)", message: "Services return records; the edge (server/api/operations, server/trpc/routers) presents them: docs/records-and-presenters.md." };
const database = { regex: "^@/server/db(/|$)|(^|/)server/db(/|$)", message: "Pages and components never import server/db: they call services (pages, route handlers) or tRPC procedures (components)." };

export default tseslint.config(
  { ignores: [".next/**", "node_modules/**", "server/db/generated/**", ".data/**", "test-results/**", "playwright-report/**", "docs/**", "public/**", "next-env.d.ts"] },
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      // A leading underscore names what is left out on purpose (a destructured field dropped, an unused argument of a callback's signature).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true }],
      // A variable read by a closure made before its one assignment (scripts/serve.ts) cannot be const.
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
    },
  },
  // Tests and benches read JSON answers whose shape the reference checks; `any` there is their convenience, not the product's.
  { files: ["tests/**", "e2e/**", "bench/**"], rules: { "@typescript-eslint/no-explicit-any": "off" } },
  { files: ["components/**", "app/**"], rules: { "no-restricted-imports": ["error", { patterns: [database] }] } },
  // Services return records; only the edge presents them (docs/records-and-presenters.md): the /v1 operations, the tRPC
  // procedures, and the delivery of an event to its subscriber (server/deliveries/deliver.ts).
  { files: ["server/**"], ignores: ["server/api/**", "server/trpc/**"], rules: { "no-restricted-imports": ["error", { patterns: [components, adapters, presenters] }] } },
  { files: ["server/deliveries/**"], rules: { "no-restricted-imports": ["error", { patterns: [components, adapters] }] } },
  { files: ["server/api/**", "server/trpc/**"], rules: { "no-restricted-imports": ["error", { patterns: [components] }] } },
  // A later entry's options replace an earlier one's: the recorder's repeats the server's patterns.
  { files: recorder, rules: { "no-restricted-imports": ["error", { patterns: [components, adapters, presenters, subscribers] }] } },
);
