import torch


def train(gen, critic, data, iterations, critic_steps=3):
    """The generator's loss reads the last critic step's `fake`, whose graph through the
    generator the critic's backward walked: the retained graph is walked again."""
    opt_g = torch.optim.Adam(gen.parameters(), lr=1e-4)
    opt_c = torch.optim.Adam(critic.parameters(), lr=1e-4)
    for _ in range(iterations):
        for _ in range(critic_steps):
            real = data[torch.randint(0, len(data), (16,))]
            fake = gen(torch.randn(16, 8))
            c_loss = critic(fake).mean() - critic(real).mean()
            opt_c.zero_grad()
            c_loss.backward(retain_graph=True)
            opt_c.step()
        g_loss = -fake.mean()
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
