import torch
import torch.nn as nn
import lightning_fabric as L

fabric = L.Fabric(accelerator="cpu", devices=1)
critic = nn.Sequential(nn.Linear(2, 64), nn.LeakyReLU(0.2), nn.Linear(64, 1))
generator = nn.Sequential(nn.Linear(8, 64), nn.ReLU(), nn.Linear(64, 2))
critic_opt = torch.optim.RMSprop(critic.parameters(), lr=5e-5)
gen_opt = torch.optim.RMSprop(generator.parameters(), lr=5e-5)
critic, critic_opt = fabric.setup(critic, critic_opt)
generator, gen_opt = fabric.setup(generator, gen_opt)

step = 0
while step < 1000:
    real = torch.randn(32, 2)
    fake = generator(torch.randn(32, 8))
    critic_opt.zero_grad()
    critic_loss = critic(fake.detach()).mean() - critic(real).mean()
    fabric.backward(critic_loss)
    fabric.clip_gradients(critic, optimizer=critic_opt, clip_val=0.01)
    critic_opt.step()
    gen_opt.zero_grad()
    fabric.backward(-critic(fake).mean())
    gen_opt.step()
    step += 1
