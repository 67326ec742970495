vcl 4.1;

# A shared cache in front of the site's instances: Varnish 7.1 (Debian 12's `varnish`, or the
# official image varnish:7.1.1) with the xkey vmod of varnish-modules. docker-compose.yml runs it
# with the `shared-cache` profile; tests/int/shared-cache-varnish.test.ts runs this file in front
# of two instances.
#
# What may be kept is the application's call: it stores only responses carrying `Surrogate-Key`,
# which the application gives exactly those a shared cache may keep (public, no cookie set; the
# `shared-cache-keys` step of src/server/response-pipeline.ts), for as long as their
# Cache-Control says (s-maxage, stale-while-revalidate as grace). A publish purges what it
# changed: each instance sends `PURGE` with the surrogate keys of the change in an `xkey` header
# (src/cache/targeted-purge.ts), from an address the `purgers` ACL admits.

import std;
import xkey;

# -- the site's instances: where requests go, and who may purge (the instances themselves).
# tests/support/varnish.ts replaces everything between these two markers with its own instances.
backend app {
    .host = "app";
    .port = "3000";
    .connect_timeout = 2s;
    # A whole-site file (llms-full.txt) of a large site takes its time to render.
    .first_byte_timeout = 120s;
    .between_bytes_timeout = 60s;
}

acl purgers {
    "localhost";
    # The compose service, resolved when this file loads (ignored where no such host exists).
    ("app");
}
# -- end of the site's instances --

sub vcl_recv {
    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Not allowed to purge"));
        }
        if (!req.http.xkey && req.http.xkey-purge) {
            set req.http.xkey = req.http.xkey-purge;
        }
        if (!req.http.xkey) {
            return (synth(400, "A purge names its surrogate keys in an xkey header"));
        }
        set req.http.X-Purged = xkey.purge(req.http.xkey);
        return (synth(200, "Purged"));
    }
    if (!req.http.Host && req.proto == "HTTP/1.1") {
        return (synth(400));
    }
    # Writes (an inquiry, an editor's save) go through as they are.
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # A signed-in editor, a draft preview, any cookie or credential: the answer may be the
    # caller's own. Never looked up, never stored (the application makes it private too).
    if (req.http.Cookie || req.http.Authorization) {
        return (pass);
    }
    call normalise_accept;
    return (hash);
}

# A page's URL answers HTML, or markdown to a client that prefers text/markdown (its Vary says
# Accept). Browsers send dozens of Accept strings; each would be a variant of its own, so Accept
# is reduced to the choice the application makes of it (prefersMarkdown in
# src/http/negotiation.ts: markdown only when it ranks strictly above HTML, text/* and */*
# standing in for a type not named), and that is what the application is sent.
sub normalise_accept {
    if (req.http.Accept !~ "(?i)text/markdown") {
        set req.http.Accept = "text/html";
        return;
    }
    set req.http.X-Accept-List = "," + regsuball(req.http.Accept, "\s", "") + ",";
    set req.http.X-Q-Markdown = "0";
    set req.http.X-Q-Html = "0";
    if (req.http.X-Accept-List ~ "(?i),\*/\*[;,]") {
        set req.http.X-Q-Markdown = regsub(req.http.X-Accept-List, "(?i)^.*?,\*/\*((;[^,]*)?),.*$", "\1");
        call q_of_parameters_markdown;
        set req.http.X-Q-Html = req.http.X-Q-Markdown;
    }
    if (req.http.X-Accept-List ~ "(?i),text/\*[;,]") {
        set req.http.X-Q-Markdown = regsub(req.http.X-Accept-List, "(?i)^.*?,text/\*((;[^,]*)?),.*$", "\1");
        call q_of_parameters_markdown;
        set req.http.X-Q-Html = req.http.X-Q-Markdown;
    }
    if (req.http.X-Accept-List ~ "(?i),text/markdown[;,]") {
        set req.http.X-Q-Markdown = regsub(req.http.X-Accept-List, "(?i)^.*?,text/markdown((;[^,]*)?),.*$", "\1");
        call q_of_parameters_markdown;
    }
    if (req.http.X-Accept-List ~ "(?i),text/html[;,]") {
        set req.http.X-Q-Html = regsub(req.http.X-Accept-List, "(?i)^.*?,text/html((;[^,]*)?),.*$", "\1");
        if (req.http.X-Q-Html ~ "(?i);q=") {
            set req.http.X-Q-Html = regsub(req.http.X-Q-Html, "(?i)^.*;q=([0-9.]*).*$", "\1");
        } else {
            set req.http.X-Q-Html = "1";
        }
    }
    if (std.real(req.http.X-Q-Markdown, 0.0) > std.real(req.http.X-Q-Html, 0.0)) {
        set req.http.Accept = "text/markdown";
    } else {
        set req.http.Accept = "text/html";
    }
    unset req.http.X-Accept-List;
    unset req.http.X-Q-Markdown;
    unset req.http.X-Q-Html;
}

# The parameters of a media range (`;q=0.5;…`, or nothing) in X-Q-Markdown, made its quality.
sub q_of_parameters_markdown {
    if (req.http.X-Q-Markdown ~ "(?i);q=") {
        set req.http.X-Q-Markdown = regsub(req.http.X-Q-Markdown, "(?i)^.*;q=([0-9.]*).*$", "\1");
    } else {
        set req.http.X-Q-Markdown = "1";
    }
}

sub vcl_synth {
    if (req.method == "PURGE") {
        set resp.http.X-Purged = req.http.X-Purged;
    }
}

sub vcl_backend_response {
    unset beresp.http.xkey;
    if (bereq.uncacheable) {
        return (deliver);
    }
    # Only what the application keyed, and nothing personal: anything else is fetched for each
    # request (hit-for-miss: a later answer that may be kept replaces the marker).
    if (!beresp.http.Surrogate-Key ||
        beresp.http.Set-Cookie ||
        beresp.http.Cache-Control !~ "(?i)\bpublic\b" ||
        beresp.http.Cache-Control ~ "(?i)\b(private|no-store|no-cache)\b" ||
        beresp.ttl <= 0s) {
        set beresp.ttl = 120s;
        set beresp.uncacheable = true;
        return (deliver);
    }
    # What xkey indexes the object by, for the purges.
    set beresp.http.xkey = beresp.http.Surrogate-Key;
    return (deliver);
}

sub vcl_deliver {
    # The keys are for caches. Clients see neither xkey nor the CDNs' headers: Varnish is the
    # outermost cache here (put a CDN in front, and keep the header that CDN reads).
    unset resp.http.xkey;
    unset resp.http.Surrogate-Key;
    unset resp.http.Cache-Tag;
    if (obj.uncacheable) {
        set resp.http.X-Shared-Cache = "PASS";
    } else if (obj.hits > 0) {
        set resp.http.X-Shared-Cache = "HIT";
        # What belonged to the request that filled the object, not to this one.
        unset resp.http.X-Request-Id;
        unset resp.http.X-Cache;
    } else {
        set resp.http.X-Shared-Cache = "MISS";
    }
}
