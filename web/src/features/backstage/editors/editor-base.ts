import { useLocation } from 'react-router';

/**
 * Where the editors' links lead: the admin area reuses these pages under `/admin/...`, so
 * their links stay there; everywhere else they lead into backstage.
 */
export function useEditorBase(): '/admin' | '/backstage' {
  return useLocation().pathname.startsWith('/admin/') ? '/admin' : '/backstage';
}
