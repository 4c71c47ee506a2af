/**
 * Which visitor dialog is open. Buttons anywhere (header, hero, category box, floating button) call
 * `openModal(kind)`; the dialogs themselves are mounted once in the root layout by <Modals />, and belong
 * to the early-access and feedback features.
 */
import { create } from 'zustand';

export type ModalKind = 'lead' | 'suggestion' | 'developer-inquiry' | 'quick-question';

interface ModalState {
  open: ModalKind | null;
  /** Extra context for the dialog, e.g. the category a suggestion is about. */
  context: Record<string, string>;
  openModal(kind: ModalKind, context?: Record<string, string>): void;
  closeModal(): void;
}

export const useModals = create<ModalState>((set) => ({
  open: null,
  context: {},
  openModal: (kind, context = {}) => set({ open: kind, context }),
  closeModal: () => set({ open: null, context: {} }),
}));
