/**
 * The rewards shop island: the player's coins, the brand's items and a Buy button each. A purchase
 * carries one idempotency key per intended purchase, kept until a definite answer, so a retry after
 * a lost answer is the same purchase; too few coins is explained with both figures, and the coins
 * shown are the platform's after each purchase.
 */
import { useRef, useState } from 'react';
import { fillText as fill } from '../../i18n/fill.ts';
import { formatCurrency, formatNumber } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';
import { GraphqlCallError } from '../../lib/graphql-errors.ts';
import { BuyShopItemDocument, RewardsShopDocument, type RewardsShopQuery } from '../../lib/graphql/generated/player.ts';
import { playerRequest } from '../session/player-call.ts';
import { usePlayerRead } from '../session/use-player-read.ts';
import type { RewardsShopTexts } from './texts.ts';

type Shop = NonNullable<RewardsShopQuery['rewardsShop']>;

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** The shop. */
export default function RewardsShop({ locale, texts, rewardsHref, signInHref }: { locale: Locale; texts: RewardsShopTexts; rewardsHref: string; signInHref: string }) {
  const [shop, setShop] = useState<Shop | null | 'closed'>(null);
  const [coins, setCoins] = useState<bigint>(0n);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean; link?: boolean } | null>(null);
  const keys = useRef(new Map<string, string>());

  const failure = usePlayerRead(() => playerRequest(RewardsShopDocument, { locale }), (data) => {
    if (!data.viewer) return 'signIn';
    setShop(data.rewardsShop ?? 'closed');
    setCoins(BigInt(data.viewer.shopCoins));
  }, [locale]);

  if (failure === 'signIn') return <p><a href={signInHref}>{texts.signIn}</a></p>;
  if (failure === 'load') return <p role="alert">{texts.loadError}</p>;
  if (shop === null) return <p aria-busy="true">{texts.loading}</p>;
  if (shop === 'closed') return <p>{texts.closed}</p>;

  const buy = async (item: Shop['items'][number]) => {
    if (busy) return;
    setBusy(item.id);
    setMessage(null);
    let key = keys.current.get(item.id);
    if (!key) {
      key = newKey();
      keys.current.set(item.id, key);
    }
    try {
      const { buyShopItem } = await playerRequest(BuyShopItemDocument, { itemId: item.id, idempotencyKey: key });
      keys.current.delete(item.id);
      setCoins(BigInt(buyShopItem.coinsLeft));
      setMessage({ text: fill(texts.bought, { item: item.title }), error: false, link: true });
    } catch (error) {
      const definite = error instanceof GraphqlCallError && !error.isNetworkError;
      if (definite) keys.current.delete(item.id);
      if (error instanceof GraphqlCallError && error.kind === 'NotEnoughCoins') {
        const have = typeof error.extensions.coins === 'string' ? BigInt(error.extensions.coins) : coins;
        setCoins(have);
        setMessage({ text: fill(texts.notEnough, { item: item.title, price: formatNumber(item.price, locale), coins: formatNumber(have, locale) }), error: true });
      } else {
        setMessage({ text: texts.failed, error: true });
      }
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="rewards-shop" data-testid="rewards-shop">
      <p className="rewards-shop__intro">{fill(texts.intro, { amount: formatCurrency(shop.wagerPerCoin, 'EUR', locale) })}</p>
      <p className="rewards-shop__coins" data-testid="shop-coins" aria-live="polite">{fill(texts.coins, { coins: formatNumber(coins, locale) })}</p>
      <div className="rewards-shop__message" role="status">
        {message && !message.error && (
          <p>{message.text} {message.link && <a href={rewardsHref}>{texts.rewardsLink}</a>}</p>
        )}
      </div>
      {message?.error && <p className="rewards-shop__problem" role="alert">{message.text}</p>}
      <ul className="rewards-shop__items">
        {shop.items.map((item) => (
          <li key={item.id} className="rewards-shop__item" data-item={item.id}>
            <h2>{item.title}</h2>
            {item.text && <p>{item.text}</p>}
            <p className="rewards-shop__price">{fill(texts.price, { price: formatNumber(item.price, locale) })}</p>
            <button type="button" className="button" aria-busy={busy === item.id} disabled={busy !== null} onClick={() => void buy(item)}>
              {texts.buy}<span className="visually-hidden">: {item.title}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
