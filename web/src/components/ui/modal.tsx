import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { breakpoint, color, font, radius, shadow, space, zIndex } from './theme';
import { TOAST_INSET_VARIABLE } from './toast';
import { openDialogEntry } from '../../lib/dialog-history';
import { msg, useT } from '../../lib/i18n';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${zIndex.modal};
  background: ${color.overlay};
  display: flex;
  align-items: flex-start;
  justify-content: center;
  padding: ${space(4)} ${space(3)};
  overflow-y: auto;
  @media (min-height: 640px) {
    align-items: center;
  }
  /* On a phone a toast spans the screen's bottom: the dialog scrolls above it, never under it
     (a border is outside the scrolling area and still dims and blocks the page). */
  @media (max-width: ${breakpoint.sm - 0.02}px) {
    border-bottom: var(${TOAST_INSET_VARIABLE}, 0px) solid transparent;
  }
`;

const Dialog = styled.div<{ $width: number }>`
  position: relative;
  width: 100%;
  max-width: ${(p) => p.$width}px;
  background: ${color.surface};
  border-radius: ${radius.lg};
  box-shadow: ${shadow.lg};
  margin: auto 0;
  &:focus {
    outline: none;
  }
`;

const Header = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${space(3)};
  padding: ${space(5)} ${space(5)} 0;
`;

const Title = styled.h2`
  font-size: ${font.size.xl};
  font-weight: ${font.weight.bold};
  overflow-wrap: anywhere;
`;

const Description = styled.p`
  color: ${color.muted};
  font-size: ${font.size.sm};
  margin-top: ${space(1)};
`;

const Body = styled.div`
  padding: ${space(5)};
`;

const CloseButton = styled.button`
  flex: none;
  width: 40px;
  height: 40px;
  border-radius: ${radius.md};
  border: 1px solid transparent;
  background: transparent;
  font-size: 24px;
  line-height: 1;
  cursor: pointer;
  color: ${color.muted};
  &:hover {
    background: ${color.subtle};
    color: ${color.text};
  }
`;

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Max width in px. */
  width?: number;
  closeLabel?: string;
}

/**
 * A dialog: focus moves in on open, Tab and Shift+Tab stay inside, Escape and the close button
 * (and a click on the backdrop) close it, and focus goes back to where it was. It owns a history
 * entry while open: the browser's Back button closes it and leaves the page underneath as it was.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  width = 480,
  closeLabel = msg('Bağla'),
}: ModalProps) {
  const t = useT();
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    const first =
      dialog?.querySelector<HTMLElement>('[data-autofocus]') ?? dialog?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog)?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const leaveHistory = openDialogEntry(() => onCloseRef.current());
    return () => {
      leaveHistory();
      document.body.style.overflow = overflow;
      if (previouslyFocused && document.contains(previouslyFocused)) previouslyFocused.focus();
    };
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
      (el) => !el.hasAttribute('disabled') && el.getAttribute('aria-hidden') !== 'true',
    );
    if (focusable.length === 0) {
      event.preventDefault();
      dialogRef.current.focus();
      return;
    }
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <Backdrop
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <Dialog
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        $width={width}
        onKeyDown={onKeyDown}
      >
        <Header>
          <div>
            <Title id={titleId}>{title}</Title>
            {description && <Description id={descriptionId}>{description}</Description>}
          </div>
          <CloseButton type="button" aria-label={t(closeLabel)} onClick={() => onCloseRef.current()}>
            <span aria-hidden="true">×</span>
          </CloseButton>
        </Header>
        <Body>{children}</Body>
      </Dialog>
    </Backdrop>,
    document.body,
  );
}
