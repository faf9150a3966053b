import { expect, test } from "@playwright/test";
import { signedOut, uniqueSuffix } from "./helpers";

// The sign-in form is the subject: nobody is signed in.
test.use(signedOut);

test("after too many wrong passwords the sign-in form says when to try again", async ({ page }) => {
  await page.goto("/login");
  // An email of its own: the lock is per email (and the address's limit is far off).
  await page.getByLabel("Email").fill(`locked-${uniqueSuffix()}@example.test`);
  const password = page.getByLabel("Password");
  for (let attempt = 1; attempt <= 4; attempt++) {
    await password.fill(`wrong-${attempt}`);
    await password.press("Enter");
    await expect(page.locator("form").getByRole("alert")).toHaveText("Incorrect email or password");
    await expect(password).toBeEnabled();
  }
  await password.fill("wrong-5");
  await password.press("Enter");
  await expect(page.locator("form").getByRole("alert")).toHaveText("Too many failed sign-ins for this account. Try again in 15 minutes.");
  await expect(page).toHaveURL(/\/login/);
});
