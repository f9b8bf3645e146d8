/** Previous / next links of a paged list. */
export function Pager(props: { page: number; pages: number; href: (page: number) => string }) {
  const { page, pages } = props;
  if (pages <= 1) return null;
  return (
    <nav class="pager" aria-label="Pages">
      {page > 1 ? <a href={props.href(1)}>« First</a> : null}
      {page > 1 ? (
        <a rel="prev" href={props.href(page - 1)}>
          ‹ Previous
        </a>
      ) : null}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <a rel="next" href={props.href(page + 1)}>
          Next ›
        </a>
      ) : null}
      {page < pages ? <a href={props.href(pages)}>Last »</a> : null}
    </nav>
  );
}
