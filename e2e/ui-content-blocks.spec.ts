import { expect, test, type APIRequestContext } from "@playwright/test";
import { adminApiToken, axe, screenshot, uniqueSuffix } from "./helpers";

/**
 * GitBook's tabs, expandables and files as readers meet them: a page holding each (written through
 * /v1 as GitBook-flavoured markdown, with a file uploaded beside it) is merged, then read in the
 * space's reader: tabs are a tab list driven by the arrow keys, expandables open and close, the
 * file is a download card naming the file, and axe finds nothing serious.
 */

test.use({ viewport: { width: 1280, height: 900 } });


const pageMarkdown = (fileSource: string) => `# Install

{% tabs %}
{% tab title="Windows" %}
Run the **installer**.
{% endtab %}

{% tab title="macOS" %}
Drag Quire to Applications.

{% hint style="info" %}
Needs macOS 14.
{% endhint %}
{% endtab %}

{% tab title="Linux" %}
\`\`\`bash
apt install quire
\`\`\`
{% endtab %}
{% endtabs %}

<details>

<summary>Why does it need a license?</summary>

- Support
- Updates

</details>

<details open>

<summary>What is new</summary>

Open by default.

</details>

{% file src="${fileSource}" %}
The user manual.
{% endfile %}
`;

/** A new space of the seeded organization holding the merged page; answers the page's address in the reader. */
async function writeMergedPage(request: APIRequestContext, baseURL: string): Promise<{ path: string; spaceId: string }> {
  const headers = { Authorization: `Bearer ${adminApiToken()}` };
  const organizations = (await (await request.get(`${baseURL}/v1/orgs`, { headers })).json()).items;
  const organizationId = organizations.find((organization: { title: string }) => organization.title === "Demo organization").id;
  const space = await request.post(`${baseURL}/v1/orgs/${organizationId}/spaces`, { headers, data: { title: `Blocks ${uniqueSuffix()}` } });
  expect(space.status()).toBe(201);
  const spaceId = (await space.json()).id;
  const changeRequest = await request.post(`${baseURL}/v1/spaces/${spaceId}/change-requests`, { headers, data: { subject: "Blocks" } });
  expect(changeRequest.status()).toBe(201);
  const crPath = `${baseURL}/v1/spaces/${spaceId}/change-requests/${(await changeRequest.json()).id}`;
  // The page names the file by the ref it is uploaded with; the write makes that `/files/<id>`.
  const pdf = Buffer.from("%PDF-1.4\n% a small manual\n").toString("base64");
  const written = await request.post(`${crPath}/content?compat=false`, {
    headers,
    data: {
      changes: [
        { operation: "insert_page", title: "Install", document: { markdown: pageMarkdown("manual.pdf") } },
        { operation: "insert_files", files: [{ ref: "manual.pdf", name: "manual.pdf", contentType: "application/pdf", base64: pdf }] },
      ],
    },
  });
  expect(written.status()).toBe(200);
  const answer = await written.json();
  const pageId = answer.changes[0].page.id;
  const stored = await request.get(`${crPath}/content/page/${pageId}`, { headers });
  expect((await stored.json()).markdown).toContain(`{% file src="/files/${answer.insertedFiles[0].id}" %}\nThe user manual.\n{% endfile %}`);
  expect((await request.post(`${crPath}/merge`, { headers })).status()).toBe(200);
  return { path: `/o/${organizationId}/s/${spaceId}/p/${pageId}`, spaceId };
}

test("tabs, expandables and a file read as a tab list, disclosures and a download card, accessibly", async ({ page, request, baseURL }) => {
  const { path, spaceId } = await writeMergedPage(request, baseURL!);
  await page.goto(path);
  const article = page.getByRole("main");
  await expect(article.getByRole("heading", { name: "Install", level: 1 }).first()).toBeVisible();

  await test.step("tabs: the first is selected; arrow keys, Home and End move the selection and focus", async () => {
    const tablist = article.getByRole("tablist");
    const tab = (name: string) => tablist.getByRole("tab", { name, exact: true });
    await expect(tablist.getByRole("tab")).toHaveText(["Windows", "macOS", "Linux"]);
    await expect(tab("Windows")).toHaveAttribute("aria-selected", "true");
    await expect(article.getByRole("tabpanel", { name: "Windows" })).toHaveText("Run the installer.");
    await expect(article.getByText("Drag Quire to Applications.")).toBeHidden();

    await tab("Windows").focus();
    await page.keyboard.press("ArrowRight");
    await expect(tab("macOS")).toBeFocused();
    await expect(tab("macOS")).toHaveAttribute("aria-selected", "true");
    await expect(tab("Windows")).toHaveAttribute("tabindex", "-1");
    const macos = article.getByRole("tabpanel", { name: "macOS" });
    await expect(macos.getByRole("note", { name: "Info" })).toHaveText("Needs macOS 14.");
    await expect(article.getByText("Run the installer.")).toBeHidden();
    await page.keyboard.press("End");
    await expect(tab("Linux")).toBeFocused();
    await expect(article.getByRole("tabpanel", { name: "Linux" })).toContainText("apt install quire");
    await page.keyboard.press("ArrowRight");
    await expect(tab("Windows")).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(tab("Linux")).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Home");
    await expect(tab("Windows")).toHaveAttribute("aria-selected", "true");
  });

  await test.step("expandables: closed unless written open; the summary opens one from the keyboard", async () => {
    const summary = article.getByText("Why does it need a license?");
    await expect(summary).toBeVisible();
    await expect(article.getByText("Updates")).toBeHidden();
    await expect(article.getByText("Open by default.")).toBeVisible();
    await summary.focus();
    await page.keyboard.press("Enter");
    await expect(article.getByRole("listitem").filter({ hasText: "Updates" })).toBeVisible();
  });

  await test.step("the file: a download card naming the file, with its caption", async () => {
    const download = article.getByRole("link", { name: /manual\.pdf/ });
    await expect(download).toHaveAttribute("href", new RegExp(`/files/${spaceId}/`));
    await expect(download).toHaveAttribute("download", "manual.pdf");
    await expect(download).toContainText("application/pdf");
    await expect(article.getByText("The user manual.")).toBeVisible();
  });

  await screenshot(page, "reader-blocks-1280");
  const results = await axe(page).analyze();
  expect(results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => violation.id)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(article.getByRole("tablist")).toBeVisible();
  await screenshot(page, "reader-blocks-390");
});
