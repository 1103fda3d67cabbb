import { expect, test, type Locator, type Page } from '@playwright/test';
import { newAccount } from './support/accounts.ts';
import { KeelPage } from './support/keel-page.ts';

/**
 * The embedded provider's sign-in and sign-up pages look like Keel (the app's logo, fonts and
 * colours, light and dark), state the password rule before it is broken, and mark the field a
 * refusal is about: invalid, described by the message, and focused.
 */
async function look(button: Locator) {
  return button.evaluate((el) => {
    const style = (node: Element) => getComputedStyle(node);
    return {
      font: style(document.body).fontFamily,
      text: style(document.body).color,
      button: style(el).backgroundColor,
      buttonText: style(el).color,
    };
  });
}

/** Which element has focus, by its accessible name's label. */
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`sign-in pages (${colorScheme})`, () => {
    test.use({ colorScheme });

    test('look like Keel and pass axe', async ({ page }) => {
      const keel = new KeelPage(page);
      await page.goto('/signin');
      const appButton = page.getByRole('button', { name: 'Sign in' });
      await expect(appButton).toBeVisible();
      const app = await look(appButton);

      await appButton.click();
      const continueButton = page.getByRole('button', { name: 'Continue' });
      await expect(continueButton).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Sign in to Keel' })).toBeVisible();
      await expect(page.getByTestId('keel-logo')).toBeVisible();
      expect(await look(continueButton)).toEqual(app);
      await keel.expectAccessible();

      await page.getByRole('link', { name: 'Create an account' }).click();
      const create = page.getByRole('button', { name: 'Create account' });
      await expect(create).toBeVisible();
      await expect(page.getByTestId('keel-logo')).toBeVisible();
      expect(await look(create)).toEqual(app);
      await keel.expectAccessible();
    });

    test('sign-up states the password rule, and marks the password when it breaks it', async ({
      page,
    }) => {
      const keel = new KeelPage(page);
      await page.goto('/signin');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('link', { name: 'Create an account' }).click();

      const password = page.getByLabel('Password');
      await expect(password).toHaveAccessibleDescription('At least 10 characters.');
      await expect(page.getByText('At least 10 characters.')).toBeVisible();

      const account = newAccount('rule');
      await page.getByLabel('Name').fill(account.name);
      await page.getByLabel('Email').fill(account.email);
      await password.fill('too short');
      await page.getByRole('button', { name: 'Create account' }).click();

      await expect(password).toHaveAttribute('aria-invalid', 'true');
      await expect(password).toHaveAccessibleDescription(/Password must be at least 10 characters/);
      expect(await focusedId(page)).toBe('password');
      await expect(page.getByLabel('Name')).toHaveValue(account.name);
      await expect(page.getByLabel('Email')).toHaveValue(account.email);
      await expect(page.getByLabel('Email')).not.toHaveAttribute('aria-invalid', 'true');
      await keel.expectAccessible();

      await password.fill(account.password);
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page).toHaveURL(/\/new$/);
    });

    test('sign-in marks the password after a wrong one, and keeps the email', async ({ page }) => {
      const keel = new KeelPage(page);
      const account = newAccount('wrong');
      await keel.signUp(account);
      await page.context().clearCookies();

      await page.goto('/signin');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password').fill('not the password');
      await page.getByRole('button', { name: 'Continue' }).click();

      const password = page.getByLabel('Password');
      await expect(password).toHaveAttribute('aria-invalid', 'true');
      await expect(password).toHaveAccessibleDescription(/don’t match an account/);
      expect(await focusedId(page)).toBe('password');
      await expect(page.getByLabel('Email')).toHaveValue(account.email);
      await keel.expectAccessible();

      await password.fill(account.password);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).not.toHaveURL(/\/idp\//);
    });
  });
}
