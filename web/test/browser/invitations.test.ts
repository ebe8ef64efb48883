import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { webStackForFile } from './file-stack';
import { DESKTOP, PHONE, screenshots, signedInContext } from './harness';

// An invitation to a group in the browser, on a phone and a desktop: it reaches the invitee's
// notifications with Accept and Decline, and the answer is given there (accepting a private
// group's invitation joins it at once).

const web = webStackForFile(undefined, 180_000);

const shot = screenshots('invitations', { fullPage: true });

describe('an invitation in the notifications', () => {
  for (const [device, size, viewport, answer] of [
    ['a phone', '390', PHONE, 'Accept'],
    ['a desktop', '1280', DESKTOP, 'Decline'],
  ] as const)
    it(`on ${device}: answered (${answer}) from the list`, async () => {
      const ada = await web.api.seedMember('Ada', `Inviter${size}`);
      const bob = await web.api.seedMember('Bob', `Invitee${size}`);
      const club = (await web.api.request(ada.cookie, 'POST', '/api/groups', {
        name: `Sanger Heights book club ${size}`,
        isPublic: false,
      })) as { id: string };
      await web.api.request(ada.cookie, 'POST', `/api/groups/${club.id}/invitations`, { userId: bob.id });

      const { context, errors } = await signedInContext(web, bob.cookie, viewport);
      const page = await context.newPage();
      await page.goto('/notifications');
      const item = page
        .getByRole('listitem')
        .filter({ hasText: `Ada Inviter${size} invited you to join a group` });
      await item.waitFor({ timeout: 20_000 }).catch(async () => {
        // The notification may come after the page's first read: read it again.
        await page.reload();
        await item.waitFor();
      });
      await item.getByRole('button', { name: 'Decline', exact: true }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, size);
      await item.getByRole('button', { name: answer, exact: true }).click();
      await page
        .getByText(answer === 'Accept' ? 'Invitation accepted' : 'Invitation declined')
        .first()
        .waitFor();
      await expect.poll(() => item.getByRole('button', { name: answer, exact: true }).count()).toBe(0);

      const group = await fetch(`${web.url}/api/groups/${club.id}`, { headers: { cookie: bob.cookie } });
      expect(((await group.json()) as { membership: { status: string } }).membership.status).toBe(
        answer === 'Accept' ? 'member' : 'none',
      );
      expect(errors).toEqual([]);
      await context.close();
    });
});
