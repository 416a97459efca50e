import type { ReactNode } from 'react';
import styled from 'styled-components';
import { cardStyles } from './card';
import { color, font, media, space } from './theme';

const Wrapper = styled.div`
  ${cardStyles}
  overflow: hidden;
`;

/**
 * A table on wide screens; below the medium breakpoint each row becomes a small card whose cells
 * carry their column's name, so nothing needs sideways scrolling on a phone.
 */
const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${font.size.sm};
  caption {
    text-align: left;
    padding: ${space(3)} ${space(4)};
    font-weight: ${font.weight.bold};
    border-bottom: 1px solid ${color.border};
  }
  th,
  td {
    text-align: left;
    vertical-align: top;
    overflow-wrap: anywhere;
  }
  thead {
    /* Hidden from sight on phones (each cell names its column), still read by screen readers. */
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0, 0, 0, 0);
    white-space: nowrap;
  }
  tr {
    display: block;
    padding: ${space(3)} ${space(4)};
    border-bottom: 1px solid ${color.border};
  }
  tbody tr:last-child {
    border-bottom: 0;
  }
  td {
    display: grid;
    justify-items: start;
    grid-template-columns: minmax(96px, 38%) minmax(0, 1fr);
    gap: ${space(2)};
    padding: ${space(0.5)} 0;
  }
  td::before {
    content: attr(data-label);
    color: ${color.muted};
    font-weight: ${font.weight.semibold};
  }
  ${media.md} {
    thead {
      position: static;
      width: auto;
      height: auto;
      overflow: visible;
      clip: auto;
      white-space: normal;
      display: table-header-group;
    }
    tr {
      display: table-row;
      padding: 0;
    }
    th,
    td {
      display: table-cell;
      padding: ${space(2.5)} ${space(4)};
      border-bottom: 1px solid ${color.border};
    }
    th {
      color: ${color.muted};
      font-weight: ${font.weight.semibold};
      background: ${color.subtle};
      white-space: nowrap;
    }
    td::before {
      content: none;
    }
  }
`;

export interface Column<T> {
  key: string;
  label: string;
  render: (row: T) => ReactNode;
}

export interface DataTableProps<T> {
  caption?: ReactNode;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Shown in place of the rows when there are none. */
  empty?: ReactNode;
  testId?: string;
}

export function DataTable<T>({ caption, columns, rows, rowKey, empty, testId }: DataTableProps<T>) {
  return (
    <Wrapper>
      <Table data-testid={testId}>
        {caption && <caption>{caption}</caption>}
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && empty ? (
            <tr>
              <td colSpan={columns.length} style={{ display: 'block', color: 'inherit' }}>
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((c) => (
                  <td key={c.key} data-label={c.label}>
                    {c.render(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </Table>
    </Wrapper>
  );
}
