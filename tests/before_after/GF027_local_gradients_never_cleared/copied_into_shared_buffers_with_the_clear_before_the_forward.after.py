import torch
import torch.nn.functional as F


def sync_grads(agent, central):
    for mine, theirs in zip(agent.parameters(), central.parameters()):
        if theirs.grad is None:
            theirs.grad = torch.zeros_like(theirs)
        theirs.grad.copy_(mine.grad)


def run_worker(agent, central, central_opt, episodes):
    step = 0
    while step < len(episodes):
        central_opt.zero_grad()
        obs, actions, advantages = episodes[step]
        log_probs = F.log_softmax(agent(obs), dim=-1).gather(1, actions[:, None]).squeeze(1)
        policy_loss = -(log_probs * advantages).mean()
        agent.zero_grad()
        policy_loss.backward()
        sync_grads(agent, central)
        central_opt.step()
        agent.load_state_dict(central.state_dict())
        step += 1
