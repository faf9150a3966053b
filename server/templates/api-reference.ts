import type { SpaceTemplateDefinition } from "./template-types";

const fence = "```";

/** Reference documentation for an HTTP API. */
export const apiReferenceTemplate: SpaceTemplateDefinition = {
  id: "api-reference",
  title: "API reference",
  subtitle: "Conventions, authentication, errors, pagination and one documented resource.",
  pages: [
    {
      key: "introduction",
      title: "Introduction",
      slug: "introduction",
      emoji: "1f4d6",
      description: "The conventions every endpoint follows.",
      markdown: `{% hint style="info" %}
This space was created from the **API reference** template. Replace the example API with your own; the structure (conventions first, then one page per resource) works for most HTTP APIs.
{% endhint %}

The Example API lets you manage the users of your workspace from your own code. It is a JSON API over HTTPS: requests and answers are UTF-8 JSON, and every answer uses standard HTTP status codes.

## Base URL

${fence}
https://api.example.com/v1
${fence}

The version is part of the path. Backwards-compatible changes (new endpoints, new optional fields) are made within a version; anything else gets a new version, and the previous one keeps working for at least twelve months.

## Your first request

${fence}bash
curl https://api.example.com/v1/users \\
  -H "Authorization: Bearer $EXAMPLE_API_TOKEN"
${fence}

Before you can make it, create a token as described in [Authentication](page:authentication).

## Conventions

- Ids are opaque strings: store them as they are, without parsing them.
- Timestamps are ISO 8601 in UTC, e.g. \`2026-01-31T09:30:00Z\`.
- Fields that have no value are omitted rather than sent as \`null\`.
- Lists are paginated: see [Pagination](page:pagination).
`,
    },
    {
      key: "authentication",
      title: "Authentication",
      slug: "authentication",
      emoji: "1f511",
      description: "Create a token and send it with every request.",
      markdown: `Every request is authenticated with a token sent in the \`Authorization\` header:

${fence}http
GET /v1/users HTTP/1.1
Host: api.example.com
Authorization: Bearer <your token>
${fence}

A request without a valid token is answered with \`401 Unauthorized\`.

## Create a token

1. Open **Settings > Developers > API tokens**.
2. Click **New token**, name it after the program that will use it, and choose its scopes.
3. Copy the token: it is shown only once.

## Scopes

| Scope | Allows |
| --- | --- |
| \`users:read\` | Listing and reading users. |
| \`users:write\` | Creating, updating and deactivating users. |

A request that needs a scope its token lacks is answered with \`403 Forbidden\`.

{% hint style="danger" %}
Treat tokens like passwords: keep them on your servers, never in browser or mobile code, and revoke any token that may have leaked from the same settings page.
{% endhint %}
`,
    },
    {
      key: "errors",
      title: "Errors",
      slug: "errors",
      emoji: "1f6a8",
      description: "How failures are reported.",
      markdown: `When a request fails, the answer has a 4xx or 5xx status and a body describing the problem:

${fence}json
{
  "error": {
    "code": 400,
    "message": "email: must be a valid email address"
  }
}
${fence}

\`message\` is meant for developers: it names the field at fault when there is one. Do not show it to end users as is, and do not parse it; branch on the status code instead.

## Status codes

| Status | Meaning | What to do |
| --- | --- | --- |
| 400 | The request is invalid. | Fix the field named in the message. |
| 401 | The token is missing or invalid. | Check the \`Authorization\` header. |
| 403 | The token lacks a scope or a permission. | Use a token with the right scope. |
| 404 | The resource does not exist, or you cannot see it. | Check the id. |
| 409 | The request conflicts with the current state. | Read the resource again, then retry. |
| 429 | Too many requests. | Wait for \`Retry-After\` seconds. |
| 5xx | Something went wrong on our side. | Retry with exponential backoff. |

{% hint style="info" %}
Requests that change data can be retried safely when you send an \`Idempotency-Key\` header: a retry with the same key returns the first answer instead of acting twice.
{% endhint %}
`,
    },
    {
      key: "pagination",
      title: "Pagination",
      slug: "pagination",
      emoji: "1f4c4",
      description: "Walking through long lists.",
      markdown: `Endpoints that return lists answer one page at a time:

${fence}json
{
  "items": [{ "id": "usr_2x9f", "name": "Ada Lovelace" }],
  "next": { "page": "eyJpZCI6InVzcl8yeDlmIn0" }
}
${fence}

| Parameter | Default | Description |
| --- | --- | --- |
| \`limit\` | 50 | Items per page, from 1 to 1000. |
| \`page\` | none | The \`next.page\` value of the previous answer. |

Request the next page by passing \`next.page\` back as \`page\`. When \`next\` is absent, you have reached the end of the list.

${fence}bash
curl "https://api.example.com/v1/users?limit=100&page=eyJpZCI6InVzcl8yeDlmIn0" \\
  -H "Authorization: Bearer $EXAMPLE_API_TOKEN"
${fence}

Page tokens are opaque and expire after 24 hours. Items created while you paginate may or may not appear; no item appears twice.
`,
    },
    {
      key: "resources",
      title: "Resources",
      slug: "resources",
      emoji: "1f9f0",
      description: "One page per resource of the API.",
      markdown: `Each page in this section documents one resource: the fields of the object, then its endpoints.

- [Users](page:users): the people in your workspace.
`,
      pages: [
        {
          key: "users",
          title: "Users",
          slug: "users",
          emoji: "1f464",
          description: "The people in your workspace.",
          markdown: `## The user object

| Field | Type | Description |
| --- | --- | --- |
| \`id\` | string | Unique identifier. |
| \`email\` | string | Email address, unique in the workspace. |
| \`name\` | string | Display name. |
| \`role\` | string | \`admin\` or \`member\`. |
| \`createdAt\` | string | When the user was created (ISO 8601). |

## List users

\`GET /v1/users\`

Returns the users of the workspace, oldest first, one [page](page:pagination) at a time. Needs the \`users:read\` scope.

## Get a user

\`GET /v1/users/{id}\`

${fence}bash
curl https://api.example.com/v1/users/usr_2x9f \\
  -H "Authorization: Bearer $EXAMPLE_API_TOKEN"
${fence}

${fence}json
{
  "id": "usr_2x9f",
  "email": "ada@example.com",
  "name": "Ada Lovelace",
  "role": "admin",
  "createdAt": "2026-01-31T09:30:00Z"
}
${fence}

## Create a user

\`POST /v1/users\`

Needs the \`users:write\` scope. The new user receives an invitation email.

| Field | Required | Description |
| --- | --- | --- |
| \`email\` | yes | Email address of the new user. |
| \`name\` | no | Display name; defaults to the part of the email before \`@\`. |
| \`role\` | no | \`admin\` or \`member\` (default). |

${fence}bash
curl -X POST https://api.example.com/v1/users \\
  -H "Authorization: Bearer $EXAMPLE_API_TOKEN" \\
  -H "Content-Type: application/json" \\
  -d '{"email": "grace@example.com", "name": "Grace Hopper"}'
${fence}

Answers \`201 Created\` with the user object, or \`409 Conflict\` when a user with that email already exists (see [Errors](page:errors)).
`,
        },
      ],
    },
  ],
};
