import { z } from 'zod';
import { resource } from '../resource.ts';
import { updateInternetRadioStationSchema } from '../shares/schemas.ts';

/*
 * The admin's internet radio stations (issue 38, item 2), declared once as a resource: the
 * list every listener sees in the web player and Subsonic apps get from getInternetRadioStations.
 */

export const adminInternetRadioStationSchema = z.object({
  id: z.number(),
  name: z.string(),
  stream_url: z.string(),
  homepage_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminInternetRadioStation = z.infer<typeof adminInternetRadioStationSchema>;

/** The form sends an empty home page field as '': no home page. */
export const createAdminInternetRadioStationSchema = updateInternetRadioStationSchema.required({
  name: true,
  stream_url: true,
});

export const internetRadioStationsResource = resource({
  name: 'internet-radio-stations',
  item: 'station',
  access: { view: 'settings.update', manage: 'settings.update' },
  schemas: {
    row: adminInternetRadioStationSchema,
    create: createAdminInternetRadioStationSchema,
    update: updateInternetRadioStationSchema,
  },
  sort: ['name', 'created_at'],
  defaultSort: { column: 'name', order: 'asc' },
  filters: {},
});
