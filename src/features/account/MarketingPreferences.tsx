/**
 * The dashboard's marketing preferences: one switch per channel (email, SMS, phone, web push),
 * each saved on the platform as the player flips it. While the operator blocks marketing for the
 * player the switches are disabled with the reason (the platform refuses changes then too, with
 * MarketingBlocked, which this island explains the same way if the block arrives meanwhile).
 */
import { useEffect, useId, useState } from 'react';
import { GraphqlCallError } from '../../lib/graphql-errors.ts';
import { useHydrated } from '../session/use-hydrated.ts';
import { loadMarketing, setMarketing, type MarketingData } from './account-api.ts';
import { MARKETING_CHANNELS, type MarketingChannel, type MarketingTexts } from './account-texts.ts';

const FIELD: Record<MarketingChannel, keyof Omit<MarketingData, 'marketingPreferences'>> = {
  email: 'isEmailMarketingAccepted', sms: 'isSmsMarketingAccepted', phone: 'isPhoneMarketingAccepted', webPush: 'isWebPushMarketingAccepted',
};

/** The marketing switches. */
export default function MarketingPreferences({ texts }: { texts: MarketingTexts }) {
  const hydrated = useHydrated();
  const ids = useId();
  const [data, setData] = useState<MarketingData | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<MarketingChannel | null>(null);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  useEffect(() => {
    let current = true;
    loadMarketing().then((loaded) => current && setData(loaded), () => current && setFailed(true));
    return () => {
      current = false;
    };
  }, []);

  const heading = <h2 id={`${ids}-title`}>{texts.title}</h2>;
  if (failed && !data) return <section className="account-card" aria-labelledby={`${ids}-title`}>{heading}<p role="alert">{texts.loadError}</p></section>;
  if (!hydrated || !data) return <section className="account-card" aria-labelledby={`${ids}-title`} aria-busy="true">{heading}<p>{texts.loading}</p></section>;

  const blocked = data.marketingPreferences.marketingBlocked;
  const flip = async (channel: MarketingChannel, accepted: boolean) => {
    if (busy) return;
    setBusy(channel);
    setStatus(null);
    try {
      setData(await setMarketing({ [channel]: accepted }));
      setStatus({ text: texts.saved, error: false });
    } catch (error) {
      if (error instanceof GraphqlCallError && error.kind === 'MarketingBlocked') setData({ ...data, marketingPreferences: { marketingBlocked: true } });
      else setStatus({ text: texts.saveError, error: true });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="account-card marketing" aria-labelledby={`${ids}-title`} data-testid="marketing-preferences">
      {heading}
      <fieldset className="marketing__channels" disabled={blocked} aria-describedby={blocked ? `${ids}-blocked` : undefined}>
        <legend>{texts.intro}</legend>
        {MARKETING_CHANNELS.map((channel) => (
          <label key={channel} className="marketing__switch">
            <input
              type="checkbox"
              role="switch"
              checked={data[FIELD[channel]]}
              aria-busy={busy === channel ? true : undefined}
              aria-describedby={blocked ? `${ids}-blocked` : undefined}
              onChange={(event) => void flip(channel, event.target.checked)}
            />
            <span>{texts.channels[channel]}</span>
          </label>
        ))}
      </fieldset>
      {blocked && <p id={`${ids}-blocked`} className="marketing__blocked" data-testid="marketing-blocked">{texts.blocked}</p>}
      <p className={status?.error ? 'marketing__status marketing__status--error' : 'marketing__status'} role="status">{status?.text}</p>
    </section>
  );
}
