import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

import { buildSearch, readSkip } from '../../../lib/search-params';

const PATH = '/approvals/';

/** Tag filter and skip live in the URL (`tags` repeated), so back and reload keep them. */
export function useApprovalsSearch() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const text = params.toString();
  const { tags, skip } = useMemo(() => {
    const p = new URLSearchParams(text);
    return { tags: p.getAll('tags').filter((t) => t.trim() !== ''), skip: readSkip(p) };
  }, [text]);
  const go = (nextTags: string[], nextSkip: number) =>
    navigate(`${PATH}${buildSearch({ tags: nextTags, skip: nextSkip || undefined })}`);
  return { tags, skip, setTags: (next: string[]) => go(next, 0), goToSkip: (next: number) => go(tags, next) };
}
