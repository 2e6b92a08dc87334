import torch
import torch.nn.functional as F


def adversarial_step(gen, disc, gen_opt, disc_opt, masked, target):
    filled = gen(masked)
    g_loss = F.l1_loss(filled, target) + F.softplus(-disc(filled)).mean()
    d_loss = F.softplus(-disc(target)).mean() + F.softplus(disc(filled.detach())).mean()
    gen_opt.zero_grad()
    g_loss.backward()
    disc_opt.zero_grad()  # drops what the generator's loss wrote into disc
    d_loss.backward()
    gen_opt.step()
    disc_opt.step()
    return g_loss.item(), d_loss.item()


def joint_step(net, critic, net_opt, critic_opt, x, y):
    out = net(x)
    loss = F.mse_loss(out, y) - critic(out).mean()
    critic_loss = F.relu(1 - critic(y)).mean() + F.relu(1 + critic(out.detach())).mean()
    net_opt.zero_grad()
    critic_opt.zero_grad()
    loss.backward()
    critic_loss.backward()
    net_opt.step()
    critic_opt.step()


def train(gen, disc, loader, epochs):
    gen_opt = torch.optim.Adam(gen.parameters(), lr=2e-4)
    disc_opt = torch.optim.Adam(disc.parameters(), lr=2e-4)
    for _ in range(epochs):
        for masked, target in loader:
            adversarial_step(gen, disc, gen_opt, disc_opt, masked, target)


def train_jointly(net, critic, loader):
    # the first optimizer trains the critic too, on purpose: one model of both
    net_opt = torch.optim.SGD(list(net.parameters()) + list(critic.parameters()), lr=0.01)
    critic_opt = torch.optim.SGD(critic.parameters(), lr=0.01)
    for x, y in loader:
        joint_step(net, critic, net_opt, critic_opt, x, y)
