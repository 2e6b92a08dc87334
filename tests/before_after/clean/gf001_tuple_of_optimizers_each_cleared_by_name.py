# Correct: both optimizers of the tuple the loop steps are cleared by name each iteration.
import torch

gen_opt = torch.optim.Adam(gen.parameters(), lr=2e-4)
aux_opt = torch.optim.Adam(aux.parameters(), lr=2e-4)
for batch in data:
    gen_opt.zero_grad()
    aux_opt.zero_grad()
    (gen_loss(batch) + aux_loss(batch)).backward()
    for o in [gen_opt, aux_opt]:
        o.step()
