# Correct as far as gradfix can tell: the list of optimizers grows after it is built, so which
# optimizers the loop steps is not read; the rule stays silent.
import torch

opts = [torch.optim.SGD(base.parameters(), lr=0.1)]
main_opt = opts[0]
if use_extra:
    extra_opt = torch.optim.SGD(extra.parameters(), lr=0.1)
    opts.append(extra_opt)
for xb, yb in data:
    main_opt.zero_grad()
    crit(net(xb), yb).backward()
    for o in opts:
        o.step()
