import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { EndpointDefinition } from '@backbeat/common/contract';
import type { PermissionName } from '@backbeat/common';

/** What the screens need of a `resource(...)` from common/ (its contracts and rules). */
export interface ResourceContracts {
  name: string;
  item: string;
  access: { view: PermissionName; manage: PermissionName };
  sort: readonly string[];
  defaultSort: { column: string; order: 'asc' | 'desc' };
  filters: Record<string, z.ZodType>;
  /** The writes offered besides delete. */
  operations: readonly ('create' | 'update')[];
  schemas: { row: z.ZodObject; create: z.ZodObject; update: z.ZodObject };
  list: EndpointDefinition;
  show: EndpointDefinition;
  create: EndpointDefinition;
  update: EndpointDefinition;
  deleteMany: EndpointDefinition;
  impact: EndpointDefinition;
}

export interface ResourceRow {
  id: number;
}

/** One column of a resource table; sortable when the contract allow-lists its key. */
export interface ResourceColumn<Row extends ResourceRow> {
  key: string;
  header: string;
  cell?: (row: Row) => ReactNode;
  /** Hidden on phones, to keep the table readable there. */
  wide?: boolean;
}

/** A column filter's label and the label of each value the contract's enum allows. */
export interface ResourceFilterLabels {
  label: string;
  options: Record<string, string>;
}

/** How a form field is shown; the field list and its rules come from the zod schema. */
export interface ResourceFieldLabels {
  label: string;
  description?: string;
  type?: 'text' | 'url' | 'number' | 'textarea' | 'checkbox';
}
