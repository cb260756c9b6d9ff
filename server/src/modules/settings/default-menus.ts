import type { Menu, MenuItem } from '@backbeat/common';

/**
 * The plans, where anyone may find them on a billing site (issue 36.2: nothing linked to
 * /pricing): in the sidebar for whoever is not subscribed, in the footer for everyone. Both
 * show only while subscriptions are on. Migration 0024 adds them to menus stored before.
 */
export const PRICING_ITEM: MenuItem = {
  id: 'pricing',
  type: 'route',
  label: 'Plans',
  icon: 'verified',
  action: '/pricing',
  settings: ['billing.enable'],
  subscriptionStatus: 'notSubscribed',
};
export const FOOTER_PRICING_ITEM: MenuItem = {
  id: 'f-pricing',
  type: 'route',
  label: 'Plans',
  action: '/pricing',
  settings: ['billing.enable'],
};

/**
 * The internet radio stations the admins keep (issue 38), beside the other browse links; the
 * phone's tab bar has it as "Radio".
 */
export const RADIO_STATIONS_ITEM: MenuItem = {
  id: 'radio-stations',
  type: 'route',
  label: 'Radio stations',
  icon: 'radio',
  action: '/radio-stations',
};

export const defaultMenus: Menu[] = [
  {
    id: 'primary',
    name: 'Primary',
    positions: ['sidebar-primary'],
    items: [
      { id: 'home', type: 'route', label: 'Home', icon: 'home', action: '/' },
      { id: 'search', type: 'route', label: 'Search', icon: 'search', action: '/search' },
      RADIO_STATIONS_ITEM,
      PRICING_ITEM,
    ],
  },
  {
    id: 'library',
    name: 'Your music',
    positions: ['sidebar-secondary'],
    items: [
      { id: 'songs', type: 'route', label: 'Songs', icon: 'music', action: '/library/songs' },
      { id: 'albums', type: 'route', label: 'Albums', icon: 'album', action: '/library/albums' },
      { id: 'artists', type: 'route', label: 'Artists', icon: 'mic', action: '/library/artists' },
      {
        id: 'history',
        type: 'route',
        label: 'History',
        icon: 'history',
        action: '/library/history',
      },
    ],
  },
  {
    id: 'mobile',
    name: 'Mobile bottom',
    positions: ['mobile-bottom'],
    items: [
      { id: 'm-home', type: 'route', label: 'Home', icon: 'home', action: '/' },
      { id: 'm-search', type: 'route', label: 'Search', icon: 'search', action: '/search' },
      { id: 'm-library', type: 'route', label: 'Your music', icon: 'music', action: '/library' },
      { id: 'm-radio', type: 'route', label: 'Radio', icon: 'radio', action: '/radio-stations' },
      {
        id: 'm-profile',
        type: 'route',
        label: 'Profile',
        icon: 'person',
        action: '/user/{currentUser}',
        permissions: ['users.view'],
      },
    ],
  },
  {
    id: 'landing',
    name: 'Landing page',
    positions: ['landing-page-navbar'],
    items: [
      { id: 'l-listen', type: 'route', label: 'Start listening', action: '/' },
      { id: 'l-search', type: 'route', label: 'Search', action: '/search' },
      { id: 'l-download', type: 'route', label: 'Download', action: '/download' },
    ],
  },
  {
    id: 'footer',
    name: 'Footer',
    positions: ['footer'],
    items: [
      { id: 'f-contact', type: 'route', label: 'Contact', action: '/contact' },
      FOOTER_PRICING_ITEM,
      {
        id: 'f-privacy',
        type: 'route',
        label: 'Privacy policy',
        action: '/pages/privacy-policy',
      },
      {
        id: 'f-terms',
        type: 'route',
        label: 'Terms of service',
        action: '/pages/terms-of-service',
      },
      {
        id: 'f-api',
        type: 'route',
        label: 'API docs',
        action: '/api-docs',
        permissions: ['api.access'],
      },
    ],
  },
];
