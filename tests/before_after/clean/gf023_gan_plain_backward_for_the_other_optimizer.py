# Correct: the critic's loss is scaled and stepped through the scaler; the generator's loss is
# backpropagated plainly and its optimizer stepped plainly.
import torch

scaler = torch.amp.GradScaler("cuda")
opt_d = torch.optim.Adam(critic.parameters(), lr=1e-4)
opt_g = torch.optim.Adam(generator.parameters(), lr=1e-4)
for real in loader:
    opt_d.zero_grad()
    with torch.autocast("cuda"):
        loss_d = critic_loss(critic, generator, real)
    scaler.scale(loss_d).backward()
    scaler.step(opt_d)
    scaler.update()
    opt_g.zero_grad()
    loss_g = generator_loss(critic, generator)
    loss_g.backward()
    opt_g.step()
