import torch
import torch.nn.functional as F


def train_dqn(qnet, target, replay, steps, sync_every=100):
    target.load_state_dict(qnet.state_dict())
    optimizer = torch.optim.Adam(qnet.parameters(), lr=1e-4)
    for step in range(steps):
        s, a, r, s2, done = replay.sample(32)
        q = qnet(s).gather(1, a.unsqueeze(1)).squeeze(1)
        with torch.no_grad():
            y = r + 0.99 * (1 - done) * target(s2).max(1).values
        loss = F.smooth_l1_loss(q, y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if step % sync_every == 0:
            target.load_state_dict(qnet.state_dict())
