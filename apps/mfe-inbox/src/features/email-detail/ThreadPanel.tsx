import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { SelectButton } from 'primereact/selectbutton';
import { Tag } from 'primereact/tag';
import type { ThreadMessage } from '@teaminbox/contracts';
import { Link } from '@teaminbox/ui';
import { selectCanWrite, useAppDispatch, useAppSelector, useSplitEmailMutation } from '@teaminbox/web-store';
import { notice } from '../../shared/notices';
import { EmailBody } from '../../shared/EmailParts';
import { preview, threadView, type ThreadFilter } from './thread-timeline';

/**
 * The thread of the open email: every message of the conversation (received and sent by the team), oldest
 * first, filtered All / Incoming / Outgoing. The other messages form a collapsible list: each opens in place. In a
 * conversation of two or more emails, a member splits each received one out into a conversation of its own (POST
 * /emails/{id}/split; a merge undoes it); the thread loads again through the change's `emailUpdated`.
 */
export function ThreadPanel({ emailId, thread }: { emailId: string; thread: ThreadMessage[] }) {
  const { t } = useTranslation('inbox');
  const [filter, setFilter] = useState<ThreadFilter>('all');
  const [collapsed, setCollapsed] = useState(false);
  const [open, setOpen] = useState<Set<string>>(new Set());
  const messages = threadView(thread, filter);
  const others = messages.filter((message) => message.id !== emailId);
  const dispatch = useAppDispatch();
  const canWrite = useAppSelector(selectCanWrite);
  const [splitEmail, splitting] = useSplitEmailMutation();
  const canSplit = canWrite && threadView(thread, 'incoming').length >= 2;
  if (threadView(thread, 'all').length < 2) return null;

  const split = async (id: string) => {
    try {
      await splitEmail(id).unwrap();
      dispatch(notice('success', 'emailDetail.splitDone'));
    } catch (failed) {
      console.warn('split failed', failed);
      dispatch(notice('error', 'emailDetail.splitError'));
    }
  };

  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Card
      title={
        <div className="flex flex-wrap align-items-center gap-2">
          <span className="flex-1">{t('emailDetail.thread', { count: threadView(thread, 'all').length })}</span>
          <SelectButton
            value={filter}
            allowEmpty={false}
            onChange={(e) => setFilter(e.value as ThreadFilter)}
            options={(['all', 'incoming', 'outgoing'] as const).map((value) => ({
              value,
              label: t(`emailDetail.threadFilter.${value}`),
            }))}
            data-testid="thread-filter"
          />
        </div>
      }
      data-testid="thread"
    >
      <Button
        type="button"
        text
        size="small"
        icon={collapsed ? 'pi pi-chevron-right' : 'pi pi-chevron-down'}
        label={t('emailDetail.previousMessages', { count: others.length })}
        aria-expanded={!collapsed}
        onClick={() => setCollapsed((value) => !value)}
        data-testid="thread-toggle"
      />
      {collapsed ? null : (
        <ul className="list-none p-0 m-0 flex flex-column gap-2" data-testid="thread-messages">
          {messages.length === 0 ? <li>{t('emailDetail.threadEmpty')}</li> : null}
          {messages.map((message) => {
            const current = message.id === emailId;
            const expanded = open.has(message.id);
            return (
              <li
                key={message.id}
                className="border-1 surface-border border-round p-2"
                data-testid="thread-message"
                data-direction={message.direction}
              >
                <div className="flex flex-wrap align-items-center gap-2">
                  <Tag
                    severity={message.direction === 'incoming' ? 'info' : 'success'}
                    value={t(`emailDetail.threadFilter.${message.direction}`)}
                  />
                  <strong>{message.fromName || message.fromEmail}</strong>
                  <span className="text-color-secondary">{new Date(message.receivedAt).toLocaleString()}</span>
                  {message.deliveryStatus ? (
                    <Tag severity="warning" value={message.deliveryStatus.toLowerCase()} />
                  ) : null}
                  <span className="flex-1" />
                  {canSplit && message.direction === 'incoming' ? (
                    <Button
                      type="button"
                      text
                      size="small"
                      icon="pi pi-clone"
                      label={t('emailDetail.splitOut')}
                      disabled={splitting.isLoading}
                      onClick={() => void split(message.id)}
                      data-testid="thread-split"
                    />
                  ) : null}
                  {current ? (
                    <em>{t('emailDetail.thisEmail')}</em>
                  ) : (
                    <>
                      {message.direction === 'incoming' ? (
                        <Link to={`/admin/email-detail/${message.id}`}>{t('emailDetail.openMessage')}</Link>
                      ) : null}
                      <Button
                        type="button"
                        text
                        size="small"
                        icon={expanded ? 'pi pi-chevron-up' : 'pi pi-chevron-down'}
                        aria-label={expanded ? t('emailDetail.collapse') : t('emailDetail.expand')}
                        aria-expanded={expanded}
                        onClick={() => toggle(message.id)}
                        data-testid="thread-message-toggle"
                      />
                    </>
                  )}
                </div>
                <div className="font-semibold mt-1">{message.subject}</div>
                {expanded && !current ? (
                  <EmailBody email={message} testId="thread-message-body" />
                ) : (
                  <div className="text-color-secondary">{preview(message.body)}</div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
