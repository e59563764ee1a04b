"""How tests/data/ask_eval_{dev,test}.yaml were made, once (issue 14): assemble the sourced questions, split them stratified by language with seed 14. Kept for the record; do not re-run (the split must not move)."""
import random, yaml, re
from pathlib import Path
src = yaml.safe_load(open('/tmp/ask/sources.yaml'))['sources']
qs = yaml.safe_load("questions:\n" + "".join(open(f'/tmp/ask/{n}.yaml').read() for n in ('en','es','it')))['questions']
none = yaml.safe_load(open('/tmp/ask/none.yaml'))['none']
for q in qs + none:
    assert q['src'] in src, q
rng = random.Random(14)
def split(items):
    dev, test = [], []
    for lang in ('en', 'es', 'it'):
        group = [x for x in items if x['lang'] == lang]
        rng.shuffle(group)
        half = (len(group) + 1) // 2
        dev += group[:half]; test += group[half:]
    return dev, test
qd, qt = split(qs); nd, nt = split(none)
HEAD = """# Evaluation set for `referee ask`, {which} half (bench/ask_eval.py, tests/test_ask.py).
#
# Questions as players ask them, each from a public rules Q&A, forum, FAQ page
# or the rulebook FAQ (`src`, a key of `sources:`), paraphrased in the asker's
# own way of talking, labelled with the edition asked and the clause id(s)
# that answer it (any counts as right). `variant:clause` names a clause of a
# variant or house rule that composes onto the edition (`short-game:end.game`).
# `none:` questions no clause answers: `ask` must say so.
#
# Split ONCE (issue 14), stratified by language, before any ranking change:
# {rule}
"""
rules = {"dev": "tune on this half.", "test": "never read or print this half while tuning; bench/ask_eval.py scores it."}
def dump(path, which, q, n):
    def line(x):
        keys = ['ruleset', 'lang', 'q', 'answers', 'src'] if 'answers' in x else ['ruleset', 'lang', 'q', 'src']
        parts = []
        for k in keys:
            v = x[k]
            if k == 'answers': parts.append(f"answers: [{', '.join(v)}]")
            elif k == 'q': parts.append('q: ' + '"' + v.replace('\\', '\\\\').replace('"', '\\"') + '"')
            else: parts.append(f"{k}: {v}")
        return "  - {" + ", ".join(parts) + "}\n"
    body = HEAD.format(which=which, rule=rules[which]) + "\nsources:\n"
    for k, v in src.items():
        body += f"  {k}: {{url: \"{v['url']}\", what: \"{v['what']}\"}}\n"
    body += "\nquestions:\n" + "".join(line(x) for x in q) + "\nnone:\n" + "".join(line(x) for x in n)
    Path(path).write_text(body, encoding='utf-8')
    assert yaml.safe_load(open(path))['questions'] == q
dump('tests/data/ask_eval_dev.yaml', 'dev', qd, nd)
dump('tests/data/ask_eval_test.yaml', 'test', qt, nt)
from collections import Counter
print('dev', len(qd), Counter(x['lang'] for x in qd), 'none', len(nd))
print('test', len(qt), Counter(x['lang'] for x in qt), 'none', len(nt))
