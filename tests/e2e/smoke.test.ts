import { expect, test } from './fixtures'

test('login lands on the dashboard and shows the employee name', async ({ ownLogin: page }) => {
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await expect(page.getByTestId('nama-lengkap')).toHaveText('Administrator Sistem')
  await expect(page.getByTestId('angka-posting')).toBeVisible()
})
