import { useEffect, useRef } from 'react';
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import type { UserDto } from '../../../../shared/api/accounts';
import type { MergeLabActionResponse } from '../../../../shared/games/mergeLab/contract';
import { api } from '../../../lib/api';
import { CONNECTION_ERROR, errorMessage } from '../../../lib/errorMessages';
import { sessionKeys, useSession } from '../../../lib/session';
import { useAfterCoinsMoved } from '../../../lib/useAfterCoinsMoved';
import { ACTION_FAILED, type LabAction } from './mergeLabView';
import { mergeLabKeys, usePutLab } from './queries';

const ACTION_KEY = ['merge-lab', 'action'] as const;

function send(action: LabAction): Promise<MergeLabActionResponse> {
  switch (action.kind) {
    case 'tap':
      return api('POST /api/games/merge-lab/tap');
    case 'merge':
      return api('POST /api/games/merge-lab/merge', { body: { from: action.from, to: action.to } });
    case 'move':
      return api('POST /api/games/merge-lab/move', { body: { from: action.from, to: action.to } });
    case 'sell':
      return api('POST /api/games/merge-lab/sell', { body: { cell: action.cell } });
    case 'deliver':
      return api('POST /api/games/merge-lab/deliver', {
        body: { order: action.order, cell: action.cell },
      });
  }
}

export interface LabActionHandlers {
  onAnswer: (action: LabAction, answer: MergeLabActionResponse) => void;
  onRefused: (action: LabAction, message: string) => void;
}

/**
 * Every tap, merge, move, sale and delivery, one at a time in the order made: each was
 * pre-checked on the board with the ones before it applied, so they must reach the server in
 * that order too (a merge sent beside the move it follows could arrive first and be refused).
 * Each answer's board replaces the one shown; a refusal reads the board again, since it means
 * the page's board was not the server's.
 */
export function useLabAction(handlers: LabActionHandlers) {
  const queryClient = useQueryClient();
  const { token } = useSession();
  const putLab = usePutLab();
  const afterCoinsMoved = useAfterCoinsMoved();
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  return useMutation({
    mutationKey: ACTION_KEY,
    scope: { id: 'merge-lab' },
    mutationFn: send,
    onSuccess: (answer, action) => {
      putLab(answer);
      queryClient.setQueriesData<UserDto>({ queryKey: sessionKeys.all }, (user) =>
        user ? { ...user, balance: answer.balance } : user,
      );
      if (answer.coins > 0) void afterCoinsMoved();
      latest.current.onAnswer(action, answer);
    },
    onError: (error, action) => {
      void queryClient.invalidateQueries({ queryKey: mergeLabKeys.lab(token) });
      latest.current.onRefused(action, errorMessage(error, ACTION_FAILED, CONNECTION_ERROR));
    },
  });
}

/** The actions sent or queued and not answered yet, oldest first. */
export function usePendingActions(): LabAction[] {
  return useMutationState({
    filters: { mutationKey: ACTION_KEY, status: 'pending' },
    select: (m) => m.state.variables as LabAction,
  });
}
