import torch.nn.functional as F


def generator_step(gen, critic, opt_g, noise):
    opt_g.zero_grad(set_to_none=True)
    loss = F.softplus(-critic(gen(noise))).mean()
    loss.backward()
    opt_g.step()
