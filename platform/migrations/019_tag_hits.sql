-- The sandbox analytics and marketing tags (issue 18): every hit the stand-ins of Google Tag
-- Manager, Google Analytics (GA4 and Universal Analytics), Adform and FullStory sent, as the
-- witness of what the lobby's consented tags did. The collector keeps the newest few thousand per brand.
create table tag_hits (
  id bigserial primary key,
  received_at timestamptz not null default now(),
  brand text not null,
  tag text not null,
  tag_id text not null,
  event text not null,
  page text,
  params jsonb not null
);
create index tag_hits_brand_idx on tag_hits (brand, id desc);
