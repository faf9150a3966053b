import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { parseSnippet } from "../../server/integrations/builtin/snippet";

/** The Custom script snippet's parser: <script> elements only, rebuilt from what was parsed, each refusal saying why. */
describe("parseSnippet", () => {
  test("inline and external scripts, with their CSP sources", () => {
    const parsed = parseSnippet(`  <script async src='https://cdn.example:8443/a.js'></script>\n<SCRIPT>track()</script>  `);
    expect(parsed).toEqual({
      scripts: [
        { kind: "external", src: "https://cdn.example:8443/a.js", async: true, defer: false },
        { kind: "inline", code: "track()" },
      ],
      cspSources: ["https://cdn.example:8443", `'sha256-${createHash("sha256").update("track()").digest("base64")}'`],
    });
  });

  test.each([
    ["", /holds no script/],
    ["<img src=x onerror=alert(1)>", /<script> elements only/],
    ["<script>a()</script><div></div>", /<script> elements only/],
    ["<script src=http://cdn.example/a.js></script>", /absolute https URL/],
    ["<script src=javascript:alert(1)></script>", /absolute https URL/],
    ["<script onload=x() src=https://a.example/a.js></script>", /attribute onload/],
    ["<script type=module>a()</script>", /attribute type/],
    ["<script src=https://a.example/a.js>b()</script>", /give one or the other/],
    ["<script>a('<!--')</script>", /holding <!--/],
    ["<script>a('</script ')</script>", /holding <!--, <script or <\/script/],
    ["<script>never closed", /without its <\/script>/],
    ["<script", /not closed with >/],
    ["<script></script>".repeat(21).replace(/<\/script>/g, "x()</script>"), /more than 20 scripts/],
  ])("%j is refused", (snippet, problem) => {
    const parsed = parseSnippet(snippet);
    expect("problem" in parsed && parsed.problem).toMatch(problem);
  });
});
