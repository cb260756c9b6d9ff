import { internetRadioStationsResource } from '@backbeat/common/admin/internet-radio';
import { listInternetRadioStations } from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { defineResource } from '../../resources/define-resource.ts';

/** The admin's list, create, edit and delete, declared as a resource (the admin screen's pattern). */
const stationsAdminRoutes = defineResource(internetRadioStationsResource, {
  table: 'internet_radio_stations',
  timestamps: ['created_at', 'updated_at'],
  search: ['name', 'stream_url'],
  filters: {},
  hooks: () => ({
    toInsert: (input) => ({
      name: input.name,
      stream_url: input.stream_url,
      homepage_url: input.homepage_url || null,
    }),
    toUpdate: (input) => ({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.stream_url !== undefined ? { stream_url: input.stream_url } : {}),
      ...(input.homepage_url !== undefined ? { homepage_url: input.homepage_url || null } : {}),
    }),
  }),
});

/** Internet radio stations in the web app: everyone signed in lists them, admins keep them. */
export const internetRadioRoutes: RoutesPlugin = async (app) => {
  registerEndpoint(app, listInternetRadioStations, async () => ({
    stations: await app.services.internetRadio.list(),
  }));
  await app.register(stationsAdminRoutes);
};
