# One image with every FolioHost executable; docker-compose.yml picks the command per service.
FROM swift:6.3-bookworm AS build
RUN apt-get update && apt-get install -y --no-install-recommends \
        pkg-config libpq-dev libsodium-dev libcurl4-openssl-dev libmicrohttpd-dev libnats-dev libphonenumber-dev \
        libicu-dev libvips-dev libqrencode-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Shared Shared
COPY Services Services
COPY bench bench
RUN swift build -c release --static-swift-stdlib \
    && mkdir -p /out \
    && cp "$(swift build -c release --show-bin-path)"/folio-* /out/ \
    && cp -R "$(swift build -c release --show-bin-path)"/*.resources /out/

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends \
        libpq5 libsodium23 libcurl4 libmicrohttpd12 libnats3.4 libphonenumber8 libicu72 libvips42 libqrencode4 \
        ca-certificates \
    && rm -rf /var/lib/apt/lists/*
COPY --from=build /out/ /usr/local/bin/
COPY Services/FolioEmulator/Fixtures /srv/folio/fixtures
# The reference thin client, served by the Gateway (FOLIO_GATEWAY_STATIC_ROOT).
COPY Clients/web /srv/folio/web
USER nobody
