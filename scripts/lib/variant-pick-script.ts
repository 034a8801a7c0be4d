/**
 * A page an experiment changes is prerendered once per drawing: the base drawing in #root and each
 * variant's own drawing in a `<template data-variant>` after it. This inline script, right after
 * them, puts the visitor's variant in #root before the first paint, so she never sees another
 * variant's copy. It assigns exactly as src/engine/experiment-assignment.ts does (FNV-1a of
 * `<experiment>:<visitor id>` against the weights, only between the start and stop days, `?variant=`
 * overriding), with the visitor id main.tsx then reads (src/app/experiments.ts); the tests hold the
 * two to the same answers. One text for every page (the experiment is read from #root), so the CSP
 * allows it by one hash.
 */
import { cspHashSource } from './site-headers.ts';

/** What #root's data-experiment holds: the experiment's id, days, and its variants' ids and weights. */
export interface DrawnExperiment {
  id: string;
  start: string;
  stop: string;
  variants: [string, number][];
}

export const VARIANT_PICK_SCRIPT = `(()=>{try{const d=document,r=d.getElementById("root"),x=r&&r.dataset.experiment;if(!x)return;const e=JSON.parse(x),k="funnel_visitor_id",s=localStorage;let id=s.getItem(k);if(!id||id.length!==36){id=crypto.randomUUID();s.setItem(k,id)}let f;for(const q of new URLSearchParams(location.search).getAll("variant")){const[a,b]=q.split(":");if(a&&b&&a===e.id)f=b}let v=e.variants.find(([n])=>n===f);if(v)v=v[0];else{const day=new Date().toISOString().slice(0,10);if(e.start<=day&&day<=e.stop){let h=2166136261;const t=e.id+":"+id;for(let i=0;i<t.length;i++){h^=t.charCodeAt(i);h=Math.imul(h,16777619)>>>0}const w=e.variants.reduce((a,[,n])=>a+n,0),p=h/2**32*w;let c=0;v=(e.variants.find(([,n])=>(c+=n)>p)||e.variants[e.variants.length-1])[0]}else v=""}if(e.id+":"+v===r.dataset.variant)return;for(const t of d.querySelectorAll("template[data-variant]"))if(t.dataset.variant===v)r.replaceChildren(t.content.cloneNode(true));r.dataset.variant=e.id+":"+v}catch{}})()`;

/** The script's CSP source. */
export const VARIANT_PICK_HASH = cspHashSource(VARIANT_PICK_SCRIPT);

const attribute = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * The attributes #root carries on such a page: the experiment, and the drawing it holds as
 * `<experiment>:<variant>` (the base drawing: `<experiment>:`), which main.tsx checks.
 */
export function experimentAttributes(experiment: DrawnExperiment): string {
  return ` data-experiment="${attribute(JSON.stringify(experiment))}" data-variant="${attribute(experiment.id)}:"`;
}

/** The other drawings and the script, to follow #root. */
export function variantDrawings(drawings: ReadonlyMap<string, string>): string {
  const templates = [...drawings].map(([id, html]) => `<template data-variant="${attribute(id)}">${html}</template>`);
  return `${templates.join('')}<script>${VARIANT_PICK_SCRIPT}</script>`;
}
