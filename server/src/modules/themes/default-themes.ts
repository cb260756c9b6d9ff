import type { Theme } from '@backbeat/common';

/**
 * Colours are space-separated RGB channels so the web app can add alpha
 * (`rgb(var(--be-primary) / 0.5)`); the appearance editor edits these same names.
 */
export const DEFAULT_THEMES: Omit<Theme, 'id'>[] = [
  {
    name: 'Daylight',
    is_dark: false,
    default_light: true,
    default_dark: false,
    values: {
      '--be-bg': '255 255 255',
      '--be-bg-alt': '245 245 248',
      '--be-bg-elevated': '255 255 255',
      '--be-bg-hover': '236 236 242',
      '--be-fg': '20 20 28',
      '--be-fg-muted': '94 94 110',
      '--be-border': '226 226 234',
      '--be-primary': '219 39 84',
      '--be-primary-hover': '190 24 66',
      '--be-on-primary': '255 255 255',
      '--be-danger': '200 30 30',
      '--be-positive': '22 130 70',
      '--be-warning': '190 110 0',
      '--be-navbar': '255 255 255',
      '--be-sidebar': '245 245 248',
      '--be-radius': '10px',
    },
  },
  {
    name: 'Midnight',
    is_dark: true,
    default_light: false,
    default_dark: true,
    values: {
      '--be-bg': '17 17 21',
      '--be-bg-alt': '11 11 14',
      '--be-bg-elevated': '30 30 36',
      '--be-bg-hover': '40 40 48',
      '--be-fg': '242 242 247',
      '--be-fg-muted': '160 160 176',
      '--be-border': '46 46 56',
      '--be-primary': '251 96 132',
      '--be-primary-hover': '253 130 158',
      '--be-on-primary': '30 4 12',
      '--be-danger': '248 113 113',
      '--be-positive': '74 222 128',
      '--be-warning': '250 204 21',
      '--be-navbar': '17 17 21',
      '--be-sidebar': '11 11 14',
      '--be-radius': '10px',
    },
  },
];
