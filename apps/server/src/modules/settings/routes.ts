import { cashboxSettingsInput, cashierRightsInput, giftCardSettingsInput, generalSettingsInput, productSettingsInput, sellingSettingsInput, shopSettingsResult, taxSettingsInput, userTypes } from '@tillbook/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteMedia, saveImage } from '../../lib/media.ts';
import { auditActorOf } from '../audit/service.ts';
import { getShopSettings, replaceLogo, updateCashboxSettings, updateCashierRights, updateGeneralSettings, updateGiftCardSettings, updateProductSettings, updateSellingSettings, updateTaxSettings } from './service.ts';
import { assertDefaultTaxes } from '../taxes/service.ts';

const tags = ['settings'];

/** The shop's settings: general (name, logo, currency, locale), products (settings/products) the cash drawer (settings/cashbox) and the sell screen (settings/selling). */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, dataDir } = app;

  app.get(
    '/api/settings',
    { config: { access: userTypes }, schema: { tags, summary: "The shop's settings", response: { 200: shopSettingsResult } } },
    async () => ({ data: await getShopSettings(db) }),
  );

  app.put(
    '/api/settings/general',
    { schema: { tags, summary: 'Change business name, currency and locale', body: generalSettingsInput, response: { 200: shopSettingsResult } } },
    async (request) => ({ data: await updateGeneralSettings(db, request.body, auditActorOf(request)) }),
  );

  app.put(
    '/api/settings/products',
    {
      schema: {
        tags,
        summary: 'Change default taxes, SKU pattern, low-stock threshold and selling below zero',
        body: productSettingsInput,
        response: { 200: shopSettingsResult },
      },
    },
    async (request) => {
      // New products get the default taxes: each must be an existing, active tax.
      await assertDefaultTaxes(db, request.body.defaultTaxIds);
      return { data: await updateProductSettings(db, request.body, auditActorOf(request)) };
    },
  );

  app.put(
    '/api/settings/cashbox',
    { schema: { tags, summary: 'Turn the blind close of the cash drawer on or off', body: cashboxSettingsInput, response: { 200: shopSettingsResult } } },
    async (request) => ({ data: await updateCashboxSettings(db, request.body, auditActorOf(request)) }),
  );

  app.put(
    '/api/settings/selling',
    { schema: { tags, summary: 'Set above which quantity the sell screen asks the cashier to confirm', body: sellingSettingsInput, response: { 200: shopSettingsResult } } },
    async (request) => ({ data: await updateSellingSettings(db, request.body, auditActorOf(request)) }),
  );

  app.put(
    '/api/settings/cashier-rights',
    { schema: { tags, summary: 'Set what a cashier may do without an administrator’s approval', body: cashierRightsInput, response: { 200: shopSettingsResult } } },
    async (request) => ({ data: await updateCashierRights(db, request.body, auditActorOf(request)) }),
  );

  app.put(
    '/api/settings/gift-cards',
    { schema: { tags, summary: 'Set how long gift cards sold from now keep their balance (0 = never expire)', body: giftCardSettingsInput, response: { 200: shopSettingsResult } } },
    async (request) => ({ data: await updateGiftCardSettings(db, request.body, auditActorOf(request)) }),
  );

  app.put(
    '/api/settings/taxes',
    {
      schema: {
        tags,
        summary: 'Round taxes on each line or once per tax on each sale (sales already made keep their figures)',
        body: taxSettingsInput,
        response: { 200: shopSettingsResult },
      },
    },
    async (request) => ({ data: await updateTaxSettings(db, request.body, auditActorOf(request)) }),
  );

  app.post(
    '/api/settings/logo',
    { config: { upload: 'logo' }, schema: { tags, summary: 'Upload the business logo (multipart field `logo`)', response: { 200: shopSettingsResult } } },
    async (request) => {
      const saved = await saveImage(dataDir, await request.file(), 'logo');
      const previous = await replaceLogo(db, saved.fileName, auditActorOf(request));
      if (previous) await deleteMedia(dataDir, previous);
      return { data: await getShopSettings(db) };
    },
  );

  app.delete(
    '/api/settings/logo',
    { schema: { tags, summary: 'Remove the business logo', response: { 200: shopSettingsResult } } },
    async (request) => {
      const previous = await replaceLogo(db, null, auditActorOf(request));
      if (previous) await deleteMedia(dataDir, previous);
      return { data: await getShopSettings(db) };
    },
  );
};
