import torch
from torch import nn

generator = nn.Linear(8, 4)
critic = nn.Linear(4, 1)
optimizers = {"gen": torch.optim.Adam(generator.parameters(), lr=2e-4), "critic": torch.optim.Adam(critic.parameters(), lr=2e-4)}
schedulers = {name: torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.99) for name, opt in optimizers.items()}

for real in [torch.randn(16, 4) for _ in range(100)]:
    fake = generator(torch.randn(16, 8))
    optimizers["critic"].zero_grad()
    (critic(fake.detach()).mean() - critic(real).mean()).backward()
    schedulers["critic"].step()
    optimizers["critic"].step()
    optimizers["gen"].zero_grad()
    (-critic(fake).mean()).backward()
    optimizers["gen"].step()
    schedulers["gen"].step()
