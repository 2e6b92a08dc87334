# Optimizer step hooks doing their work on the right side of the step: a pre-hook clips, a
# post-hook clears and steps the schedule, a pre-hook only reads the learning rate, a pre-hook
# clears another optimizer (not the one it is registered on), and a clearing pre-hook of an
# optimizer stepped with a closure (LBFGS runs the closure's backward after the pre-hooks).
import torch
import torch.nn as nn
import torch.nn.functional as F

net = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 1))
opt = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=10, gamma=0.5)
RATES = []


def clip_first(optimizer, args, kwargs):
    torch.nn.utils.clip_grad_norm_(net.parameters(), 1.0)


def tidy_up(optimizer, args, kwargs):
    optimizer.zero_grad(set_to_none=True)
    sched.step()


opt.register_step_pre_hook(clip_first)
opt.register_step_post_hook(tidy_up)
opt.register_step_pre_hook(lambda o, a, k: RATES.append(o.param_groups[0]["lr"]))
for _ in range(50):
    x, y = torch.randn(16, 10), torch.randn(16, 1)
    loss = F.mse_loss(net(x), y)
    loss.backward()
    opt.step()

critic = nn.Linear(10, 1)
actor = nn.Linear(10, 1)
critic_opt = torch.optim.Adam(critic.parameters(), lr=1e-3)
actor_opt = torch.optim.Adam(actor.parameters(), lr=1e-3)
critic_opt.register_step_pre_hook(lambda o, a, k: actor_opt.zero_grad(set_to_none=True))
for _ in range(50):
    s = torch.randn(8, 10)
    critic_opt.zero_grad(set_to_none=True)
    actor_opt.zero_grad(set_to_none=True)
    critic_loss = critic(s).pow(2).mean()
    critic_loss.backward()
    critic_opt.step()
    actor_loss = -critic(actor(s).expand(-1, 10)).mean()
    actor_loss.backward()
    actor_opt.step()

probe = nn.Linear(10, 1)
lbfgs = torch.optim.LBFGS(probe.parameters(), lr=0.5, max_iter=5)
lbfgs.register_step_pre_hook(lambda o, a, k: o.zero_grad(set_to_none=True))
features, targets = torch.randn(64, 10), torch.randn(64, 1)
for _ in range(10):

    def closure():
        loss = F.mse_loss(probe(features), targets)
        loss.backward()
        return loss

    lbfgs.step(closure)
