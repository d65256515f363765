import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://127.0.0.1:3471';
const pages = (process.env.PAGES ?? '/,/plans,/about,/support,/login,/register,/forgot-password,/reset-password,/nope').split(',');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const width of [375, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  page.on('console', (m) => { if (m.type() === 'error') console.log('CONSOLE', width, m.text()); });
  for (const p of pages) {
    await page.goto(base + p);
    await page.waitForTimeout(800);
    const name = p.replace(/\W+/g, '_') || 'home';
    await page.screenshot({ path: `/tmp/shots/${name}-${width}.png`, fullPage: true });
  }
  await page.close();
}
await browser.close();
