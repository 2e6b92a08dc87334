# The rate of two optimizers set in a loop over a tuple of them, and read back from one of them
# by name (code that may hand it on to the groups): not judged.
import torch
import torch.nn.functional as F

gen, disc = torch.nn.Linear(3, 3), torch.nn.Linear(3, 1)
opt_g = torch.optim.Adam(gen.parameters(), lr=1e-2)
opt_d = torch.optim.Adam(disc.parameters(), lr=1e-2)
data = [torch.randn(4, 3) for _ in range(3)]
for epoch in range(20):
    for o in (opt_g, opt_d):
        o.lr = 1e-2 * 0.5 ** epoch
    print(opt_g.lr)
    for x in data:
        opt_g.zero_grad()
        opt_d.zero_grad()
        disc(gen(x)).mean().backward()
        opt_g.step()
        opt_d.step()
