/**
 * The one `<style amp-custom>` of the AMP pages, written by hand (Tailwind's classes do not exist
 * here and AMP caps custom CSS at 75 KB). Mobile first; brand green #166534. No `!important`:
 * AMP forbids it.
 */
export const AMP_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:#fafaf9;color:#1c1917;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:16px;line-height:1.6}
a{color:#166534}
h1,h2,h3{line-height:1.25;margin:0}
.wrap{max-width:1040px;margin:0 auto;padding:0 16px}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.topbar{margin:0;background:#14532d;color:#dcfce7;font-size:13px;line-height:1.4;text-align:center;padding:7px 16px}
.site-header{background:#fff;border-bottom:1px solid #e7e5e4}
.site-header .wrap{display:flex;align-items:center;justify-content:space-between;min-height:60px}
.brand{display:flex;align-items:center;gap:10px;text-decoration:none;color:#14532d;font-weight:800;font-size:19px;letter-spacing:-.01em}
.brand svg{display:block;width:32px;height:32px;flex:none}
.menu-btn{display:flex;align-items:center;gap:6px;border:1px solid #d6d3d1;background:#fff;color:#1c1917;border-radius:8px;padding:8px 12px;font:inherit;font-size:15px;font-weight:600;cursor:pointer}
.menu-btn:hover,.menu-btn:focus{border-color:#166534;color:#166534}
.menu-btn svg{width:20px;height:20px;display:block}
amp-sidebar{background:#fff;width:280px;max-width:85vw}
amp-sidebar:not([open]){display:none}
.sidebar-head{display:flex;align-items:center;justify-content:space-between;padding:16px 20px;border-bottom:1px solid #e7e5e4;font-weight:800;color:#14532d}
.sidebar-close{border:0;background:none;font:inherit;font-size:28px;line-height:1;color:#57534e;cursor:pointer;padding:4px 8px}
.sidebar-nav ul{list-style:none;margin:0;padding:8px 0}
.sidebar-nav a{display:block;padding:12px 20px;color:#1c1917;text-decoration:none;font-weight:600}
.sidebar-nav a:hover,.sidebar-nav a:focus{background:#f0fdf4;color:#166534}
.page{padding-top:20px;padding-bottom:40px}
.crumbs{font-size:14px;color:#57534e;margin-bottom:16px}
.crumbs ol{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:6px}
.crumbs li+li::before{content:"/";color:#a8a29e;margin-right:6px}
.crumbs a{color:#57534e;text-decoration:none}
.crumbs a:hover,.crumbs a:focus{color:#166534;text-decoration:underline}
.crumbs [aria-current]{color:#1c1917;font-weight:600}
.product{display:grid;gap:24px}
.gallery{background:#fff;border:1px solid #e7e5e4;border-radius:16px;overflow:hidden}
amp-img{display:block}
amp-img>noscript>img{display:block;width:100%;height:auto}
.brand-label{margin:0 0 4px;font-size:13px;font-weight:700;letter-spacing:.06em;text-transform:uppercase;color:#57534e}
.title{font-size:26px;font-weight:800;letter-spacing:-.01em}
.price{display:flex;flex-wrap:wrap;align-items:baseline;gap:4px 12px;margin:14px 0 6px}
.price-now{font-size:28px;font-weight:800;color:#1c1917}
.price-sale{color:#b91c1c}
.price-was{font-size:16px;color:#78716c}
.stock{margin:0;font-weight:700;display:flex;align-items:center;gap:8px}
.stock::before{content:"";width:10px;height:10px;border-radius:50%;background:currentColor}
.stock-in{color:#15803d}
.stock-out{color:#b91c1c}
.actions{display:grid;gap:10px;margin:20px 0 8px}
.btn{display:block;text-align:center;text-decoration:none;font-weight:700;border-radius:10px;padding:13px 18px;border:2px solid #166534}
.btn-primary{background:#166534;color:#fff}
.btn-primary:hover,.btn-primary:focus{background:#14532d;border-color:#14532d}
.btn-outline{background:#fff;color:#166534}
.btn-outline:hover,.btn-outline:focus{background:#f0fdf4}
.note{font-size:14px;color:#57534e;margin:8px 0 0}
.panel{background:#fff;border:1px solid #e7e5e4;border-radius:16px;padding:20px;margin-top:24px}
.panel h2{font-size:20px;font-weight:800;margin-bottom:12px}
.desc p{margin:0 0 12px;color:#44403c;max-width:75ch}
.desc p:last-child{margin-bottom:0}
.specs{width:100%;border-collapse:collapse;font-size:15px}
.specs th,.specs td{text-align:left;padding:10px 0;border-top:1px solid #e7e5e4;vertical-align:top}
.specs tr:first-child th,.specs tr:first-child td{border-top:0}
.specs th{width:40%;color:#57534e;font-weight:600;padding-right:12px}
.cat-head{margin-bottom:20px}
.cat-head p{margin:8px 0 0;color:#44403c;max-width:70ch}
.cat-head .count{font-size:14px;font-weight:700;color:#166534}
.grid{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:12px}
.card{display:flex;flex-direction:column;height:100%;background:#fff;border:1px solid #e7e5e4;border-radius:14px;overflow:hidden;text-decoration:none;color:#1c1917}
.card:hover,.card:focus{border-color:#166534}
.card-body{display:flex;flex-direction:column;gap:6px;padding:10px 12px 14px;flex:1}
.card-name{font-size:14px;font-weight:700;line-height:1.35}
.card .price{margin:auto 0 0;gap:2px 8px}
.card .price-now{font-size:16px}
.card .price-was{font-size:13px}
.card-out{margin:0;font-size:12px;font-weight:700;color:#b91c1c}
.empty,.notfound{background:#fff;border:1px solid #e7e5e4;border-radius:16px;padding:32px 20px;text-align:center}
.empty p,.notfound p{margin:0 0 20px;color:#44403c}
.notfound h1{font-size:26px;font-weight:800;margin-bottom:10px}
.empty .btn,.notfound .btn{display:inline-block}
.site-footer{background:#1c1917;color:#d6d3d1;padding:28px 0;font-size:14px}
.site-footer ul{list-style:none;margin:0 0 16px;padding:0;display:flex;flex-wrap:wrap;gap:8px 20px}
.site-footer a{color:#f5f5f4;text-decoration:none}
.site-footer a:hover,.site-footer a:focus{text-decoration:underline}
.site-footer p{margin:0;color:#a8a29e}
@media (min-width:640px){
.grid{grid-template-columns:repeat(3,minmax(0,1fr));gap:16px}
.actions{grid-template-columns:1fr 1fr}
.title{font-size:30px}
}
@media (min-width:900px){
.product{grid-template-columns:1fr 1fr;gap:36px;align-items:start}
.specs th{width:30%}
.grid{grid-template-columns:repeat(4,minmax(0,1fr))}
}
`.replace(/\n+/g, "");
